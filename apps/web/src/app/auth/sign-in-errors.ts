import { isAnonymousSessionError } from '@homeward/contracts';

/** Keys under `auth:errors.` for every sign-in error of the spec's catalogue (§8). */
export const SIGN_IN_ERROR_KEYS = [
  'tokenRequired',
  'stateMismatch',
  'noState',
  'noMatchingState',
  'noClientIdOrAuthority',
  'authorityMismatch',
  'clientIdMismatch',
  'expectedCode',
  'missingSubject',
  'userInfoSubjectMismatch',
  'subMismatch',
  'authTimeMismatch',
  'azpMismatch',
  'codeFlowOnly',
  'noEndSessionEndpoint',
  'noPopupRedirectUri',
  'noSilentRedirectUri',
  'iframeTimeout',
  'popupClosed',
  'navigationAborted',
  'signInFailed',
  'signOutFailed',
  'unknown',
] as const;
export type SignInErrorKey = (typeof SIGN_IN_ERROR_KEYS)[number];

/** The exact messages oidc-client-ts 3.5 throws (checked in its source), by translated text. */
const MESSAGE_KEYS: Record<string, SignInErrorKey> = {
  'A token is required': 'tokenRequired',
  'State does not match': 'stateMismatch',
  'No state in response': 'noState',
  'No matching state found in storage': 'noMatchingState',
  'No client_id on state': 'noClientIdOrAuthority',
  'No authority on state': 'noClientIdOrAuthority',
  'authority mismatch on settings vs. signin state': 'authorityMismatch',
  'client_id mismatch on settings vs. signin state': 'clientIdMismatch',
  'Expected code in response': 'expectedCode',
  'ID Token is missing a subject claim': 'missingSubject',
  'subject from UserInfo response does not match subject in ID Token': 'userInfoSubjectMismatch',
  'sub in id_token does not match current sub': 'subMismatch',
  'auth_time in id_token does not match original auth_time': 'authTimeMismatch',
  'azp in id_token does not match original azp': 'azpMismatch',
  'azp not in id_token, but present in original id_token': 'azpMismatch',
  'Only the Authorization Code flow (with PKCE) is supported': 'codeFlowOnly',
  'No end session endpoint': 'noEndSessionEndpoint',
  'No popup_redirect_uri configured': 'noPopupRedirectUri',
  'No silent_redirect_uri configured': 'noSilentRedirectUri',
  'IFrame timed out without a response': 'iframeTimeout',
  'Popup closed by user': 'popupClosed',
  'Popup blocked by user': 'popupClosed',
  'Window navigation aborted': 'navigationAborted',
};

function field(value: unknown, name: string): unknown {
  return value && typeof value === 'object' ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The text to show for a sign-in or sign-out error, as a key of `auth:errors`, or null when the
 * error only says the session is anonymous (login_required and its kin), which is not a failure.
 * Accepts the errors of oidc-client-ts and react-oidc-context's error context (which keeps the
 * original error as `innerError` and names the operation in `source`).
 */
export function signInErrorKey(error: unknown): SignInErrorKey | null {
  const inner = field(error, 'innerError');
  if (isAnonymousSessionError(field(error, 'error')) || isAnonymousSessionError(field(inner, 'error'))) {
    return null;
  }
  for (const candidate of [inner, error]) {
    const message = field(candidate, 'message');
    if (typeof message === 'string' && message in MESSAGE_KEYS) return MESSAGE_KEYS[message]!;
  }
  const source = field(error, 'source');
  if (typeof source === 'string') {
    if (source.startsWith('signout')) return 'signOutFailed';
    if (source.startsWith('signin') || source === 'renewSilent') return 'signInFailed';
  }
  return 'unknown';
}
