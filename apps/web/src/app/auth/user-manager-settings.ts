import { WebStorageStateStore, type UserManagerSettings } from 'oidc-client-ts';
import {
  ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS,
  CHECK_SESSION_INTERVAL_SECONDS,
  SIGN_IN_CALLBACK_PATH,
  SIGN_IN_POPUP_HEIGHT,
  SIGN_IN_REDIRECT_METHOD,
  SIGN_IN_STALE_STATE_AGE_SECONDS,
  SIGN_IN_WINDOW_CALLBACK_PATH,
  SILENT_RENEW_PATH,
  SILENT_REQUEST_TIMEOUT_SECONDS,
  signInClientFor,
  type SignInSettings,
} from '@homeward/contracts';

/**
 * The oidc-client-ts settings of spec §9 for the SPA running on `origin`. Every limit is spelt out
 * even where it equals the library default, so a library upgrade cannot silently change them.
 * The signed-in user is kept in `storage` (local storage in the browser) under
 * `oidc.user:<authority>:<client_id>`, so a sign-in survives closing the tab and reaches every tab.
 */
export function buildUserManagerSettings(
  signIn: SignInSettings,
  origin: string,
  storage: Storage = window.localStorage,
): UserManagerSettings {
  const client = signInClientFor(origin, signIn.clients);
  const base = origin.replace(/\/+$/, '');
  return {
    authority: signIn.authority,
    client_id: client.clientId,
    redirect_uri: `${base}${SIGN_IN_CALLBACK_PATH}`,
    post_logout_redirect_uri: `${base}${SIGN_IN_CALLBACK_PATH}`,
    silent_redirect_uri: `${base}${SILENT_RENEW_PATH}`,
    popup_redirect_uri: `${base}${SIGN_IN_WINDOW_CALLBACK_PATH}`,
    popup_post_logout_redirect_uri: `${base}${SIGN_IN_WINDOW_CALLBACK_PATH}`,
    response_type: 'code',
    scope: signIn.scope,
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: ACCESS_TOKEN_EXPIRING_NOTICE_SECONDS,
    silentRequestTimeoutInSeconds: SILENT_REQUEST_TIMEOUT_SECONDS,
    monitorSession: isSameSite(signIn.authority, base),
    checkSessionIntervalInSeconds: CHECK_SESSION_INTERVAL_SECONDS,
    popupWindowFeatures: { height: SIGN_IN_POPUP_HEIGHT },
    redirectMethod: SIGN_IN_REDIRECT_METHOD,
    staleStateAgeInSeconds: SIGN_IN_STALE_STATE_AGE_SECONDS,
    userStore: new WebStorageStateStore({ store: storage }),
    // Access tokens are opaque, so the provider can revoke them as well as refresh tokens.
    revokeTokenTypes: ['access_token', 'refresh_token'],
  };
}

/**
 * Whether the provider and the SPA are the same site (scheme and host; the port does not count),
 * roughly: the same host, or two names under the same parent domain. Session monitoring reads the
 * provider's session cookie in a frame on the SPA's page; a browser sends no cookie to another
 * site's frame, so the check-session frame would report every session as ended and the SPA would
 * sign in again and again (a plug-and-play client on `127.0.0.1` with the provider on `localhost`).
 * Across sites the SPA does without it; refresh tokens keep it signed in.
 */
export function isSameSite(authority: string, origin: string): boolean {
  const provider = new URL(authority);
  const spa = new URL(origin);
  if (provider.protocol !== spa.protocol) return false;
  if (provider.hostname === spa.hostname) return true;
  const isAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  if (isAddress(provider.hostname) || isAddress(spa.hostname)) return false;
  const parent = (host: string) => host.split('.').slice(-2).join('.');
  return provider.hostname.includes('.') && parent(provider.hostname) === parent(spa.hostname);
}

export { POPUP_SIGN_IN_ARGS } from './popup-sign-in-args';
