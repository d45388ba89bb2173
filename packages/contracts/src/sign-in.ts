/** Contracts of the sign-in feature: the SPA's sign-in limits (spec §4, §9) and client choice. */
import type { SignInClient } from './configuration';

/** Seconds before the access token expires when silent renewal starts (the "expiring" notice). */
export const ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS = 60;
/** Seconds a silent (iframe) sign-in may take before it fails with a timeout. */
export const SILENT_REQUEST_TIMEOUT_SECONDS = 10;
/** Seconds between two polls of the provider's check-session frame. */
export const CHECK_SESSION_INTERVAL_SECONDS = 2;
/**
 * Seconds after a timed-out silent renewal before the next attempt. oidc-client-ts 3.5 retries
 * after exactly this delay by itself (SilentRenewService), so the SPA only documents the value.
 */
export const SILENT_RENEW_RETRY_SECONDS = 5;
/** Height in pixels of the sign-in popup window. */
export const SIGN_IN_POPUP_HEIGHT = 640;
/** Milliseconds between checks whether the user closed the popup (fixed inside oidc-client-ts). */
export const SIGN_IN_POPUP_CLOSED_POLL_MS = 500;
/** How the browser goes to the provider: `location.assign`, so Back returns to the app. */
export const SIGN_IN_REDIRECT_METHOD = 'assign';
/** Seconds after which an unfinished sign-in's stored state is thrown away (15 minutes). */
export const SIGN_IN_STALE_STATE_AGE_SECONDS = 15 * 60;

/**
 * Provider error codes that only say "nobody is signed in here" (answers to a `prompt=none`
 * request). They mean an anonymous session, not a failure, so the SPA shows no error for them.
 */
export const ANONYMOUS_SESSION_ERRORS = [
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
] as const;
export type AnonymousSessionError = (typeof ANONYMOUS_SESSION_ERRORS)[number];

export function isAnonymousSessionError(code: unknown): code is AnonymousSessionError {
  return typeof code === 'string' && (ANONYMOUS_SESSION_ERRORS as readonly string[]).includes(code);
}

/**
 * The sign-in client for the origin the SPA runs on: the first whose origins list it. Any other
 * origin (a preview host, a proxy) falls back to the branded client, else the first one.
 */
export function signInClientFor(origin: string, clients: readonly SignInClient[]): SignInClient {
  const normalised = origin.replace(/\/+$/, '').toLowerCase();
  const matching = clients.find((client) =>
    client.origins.some((candidate) => candidate.replace(/\/+$/, '').toLowerCase() === normalised),
  );
  const chosen = matching ?? clients.find((client) => client.kind === 'branded') ?? clients[0];
  if (!chosen) throw new Error('The configuration lists no sign-in client');
  return chosen;
}
