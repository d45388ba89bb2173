import { ErrorResponse, ErrorTimeout } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import da from '@homeward/i18n/locales/da/auth.json';
import en from '@homeward/i18n/locales/en/auth.json';
import { SIGN_IN_ERROR_KEYS, signInErrorKey } from './sign-in-errors';

/** The error context react-oidc-context hands out: the original error kept as innerError. */
function contextOf(innerError: unknown, source: string) {
  const message = innerError instanceof Error ? innerError.message : 'Sign-in failed';
  return { name: 'Error', message, innerError, source };
}

describe('signInErrorKey', () => {
  it.each([
    ['A token is required', 'tokenRequired'],
    ['State does not match', 'stateMismatch'],
    ['No state in response', 'noState'],
    ['No matching state found in storage', 'noMatchingState'],
    ['No client_id on state', 'noClientIdOrAuthority'],
    ['No authority on state', 'noClientIdOrAuthority'],
    ['authority mismatch on settings vs. signin state', 'authorityMismatch'],
    ['client_id mismatch on settings vs. signin state', 'clientIdMismatch'],
    ['Expected code in response', 'expectedCode'],
    ['ID Token is missing a subject claim', 'missingSubject'],
    ['subject from UserInfo response does not match subject in ID Token', 'userInfoSubjectMismatch'],
    ['sub in id_token does not match current sub', 'subMismatch'],
    ['auth_time in id_token does not match original auth_time', 'authTimeMismatch'],
    ['azp in id_token does not match original azp', 'azpMismatch'],
    ['Only the Authorization Code flow (with PKCE) is supported', 'codeFlowOnly'],
    ['No end session endpoint', 'noEndSessionEndpoint'],
    ['No popup_redirect_uri configured', 'noPopupRedirectUri'],
    ['No silent_redirect_uri configured', 'noSilentRedirectUri'],
    ['Popup closed by user', 'popupClosed'],
    ['Popup blocked by user', 'popupClosed'],
    ['Window navigation aborted', 'navigationAborted'],
  ])('maps "%s" to %s', (message, key) => {
    expect(signInErrorKey(new Error(message))).toBe(key);
    expect(signInErrorKey(contextOf(new Error(message), 'signinCallback'))).toBe(key);
  });

  it('maps the silent-renew timeout', () => {
    const timeout = new ErrorTimeout('IFrame timed out without a response');
    expect(signInErrorKey(contextOf(timeout, 'renewSilent'))).toBe('iframeTimeout');
  });

  it.each(['login_required', 'consent_required', 'interaction_required', 'account_selection_required'])(
    'treats %s as an anonymous session, not an error',
    (code) => {
      const response = new ErrorResponse({ error: code });
      expect(signInErrorKey(response)).toBeNull();
      expect(signInErrorKey(contextOf(response, 'signinSilent'))).toBeNull();
    },
  );

  it('falls back by operation for messages it does not know', () => {
    const denied = new ErrorResponse({ error: 'access_denied', error_description: 'User said no' });
    expect(signInErrorKey(contextOf(denied, 'signinCallback'))).toBe('signInFailed');
    expect(signInErrorKey(contextOf(new Error('Failed to fetch'), 'renewSilent'))).toBe('signInFailed');
    expect(signInErrorKey(contextOf(new Error('Failed to fetch'), 'signoutRedirect'))).toBe('signOutFailed');
    expect(signInErrorKey(new Error('Something else'))).toBe('unknown');
    expect(signInErrorKey('not an error')).toBe('unknown');
  });

  it('has an English and a Danish text for every key', () => {
    for (const key of SIGN_IN_ERROR_KEYS) {
      expect(en.errors[key], key).toBeTruthy();
      expect(da.errors[key], key).toBeTruthy();
      expect(da.errors[key], key).not.toBe(en.errors[key]);
    }
  });
});
