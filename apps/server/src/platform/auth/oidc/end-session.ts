import type { KoaContextWithOIDC } from 'oidc-provider';
import { BROWSER_STATE_COOKIE } from './session-state';

/** The post-logout address with the client's `state`, as the provider's own sign-out sends it. */
export function postLogoutLocation(postLogoutRedirectUri: string, state: unknown): string {
  const url = new URL(postLogoutRedirectUri);
  if (typeof state === 'string') url.searchParams.set('state', state);
  return url.href;
}

/**
 * RP-initiated logout when the browser has no session here (its cookie expired, another browser, a
 * client fetching the endpoint without cookies): there is nothing to sign out, so the answer is
 * the redirect the sign-out would end with (RP-Initiated Logout 1.0 §3), to the validated
 * `post_logout_redirect_uri` with the `state`, or to the signed-out page. The library would send a
 * page that posts itself to finish a sign-out of nobody, which a client without cookies never
 * gets past.
 */
export async function endSessionWithoutSignIn(
  ctx: KoaContextWithOIDC,
  next: () => Promise<void>,
): Promise<void> {
  await next();
  const { route, session, params } = ctx.oidc ?? {};
  if (route !== 'end_session' || ctx.status !== 200 || !session || session.accountId) return;
  // The request made an empty session to hold the form's xsrf secret; it is not needed now.
  await session.destroy();
  dropSetCookies(ctx, ctx.oidc.provider.cookieName('session'));
  ctx.cookies.set(BROWSER_STATE_COOKIE, null, { path: '/', signed: false });

  // The provider has checked the address against the client of id_token_hint or client_id, and
  // left it undefined when it could not.
  const target = params?.post_logout_redirect_uri;
  ctx.status = 303;
  ctx.redirect(
    typeof target === 'string'
      ? postLogoutLocation(target, params?.state)
      : ctx.oidc.urlFor('end_session_success'),
  );
}

/** Removes the Set-Cookie headers of `name` (and its signature) from the answer. */
function dropSetCookies(ctx: KoaContextWithOIDC, name: string): void {
  const header = ctx.response.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : header ? [String(header)] : []).filter(
    (cookie) => !cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}.sig=`),
  );
  if (cookies.length) ctx.set('set-cookie', cookies);
  else ctx.remove('set-cookie');
}
