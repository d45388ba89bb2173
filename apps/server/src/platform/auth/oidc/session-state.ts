import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { allowInlineScripts } from '../../http/security-headers';

/**
 * OpenID Connect Session Management, which oidc-provider dropped in v7 (DESIGN §5). The browser
 * keeps a readable cookie with the provider's session state; each authorization response carries
 * `session_state = sha256(client_id origin browser_state salt).salt`; the check-session iframe
 * recomputes it from the cookie and tells the SPA whether the session changed.
 */
export const BROWSER_STATE_COOKIE = 'hw_op_browser_state';
export const CHECK_SESSION_PATH = '/check-session';

export function sessionStateOf(clientId: string, origin: string, browserState: string, salt: string): string {
  const digest = createHash('sha256').update(`${clientId} ${origin} ${browserState} ${salt}`).digest('hex');
  return `${digest}.${salt}`;
}

/**
 * Whether a redirect is an authorization response that still needs `session_state`: it carries a
 * code and no session_state yet. The provider's own redirects (to the consent interaction, which
 * prompt=consent opens for a signed-in user) are relative, so they are read against `base`.
 */
export function needsSessionState(location: string, base: string): boolean {
  const url = new URL(location, base);
  return url.searchParams.has('code') && !url.searchParams.has('session_state');
}

/** Adds `session_state` to a redirect's query, unless it is already there or carries no code. */
export function withSessionState(location: string, sessionState: string, base?: string): string {
  const url = new URL(location, base);
  if (!url.searchParams.has('code') || url.searchParams.has('session_state')) return location;
  url.searchParams.set('session_state', sessionState);
  return url.toString();
}

/**
 * Koa middleware for the provider: serves the iframe, stamps authorization responses with
 * `session_state` and sets the browser-state cookie, and clears the cookie when the session ends.
 * `secret` ties the browser state to this deployment so it cannot be guessed from a session id.
 */
export function createSessionStateMiddleware(secret: string) {
  return async function sessionState(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
    if (ctx.method === 'GET' && ctx.path === CHECK_SESSION_PATH) {
      ctx.type = 'html';
      ctx.set('cache-control', 'no-store');
      ctx.body = CHECK_SESSION_HTML;
      return;
    }
    await next();
    const route = ctx.oidc?.route;
    if ((route === 'authorization' || route === 'resume') && ctx.status >= 300 && ctx.status < 400) {
      const session = ctx.oidc.session;
      const clientId = ctx.oidc.client?.clientId;
      const redirectUri = ctx.oidc.params?.redirect_uri;
      const location = ctx.response.get('location');
      if (!session?.accountId || !clientId || typeof redirectUri !== 'string' || !location) return;
      if (!needsSessionState(location, ctx.oidc.provider.issuer)) return;
      const browserState = createHmac('sha256', secret)
        .update(`${session.uid}:${session.accountId}`)
        .digest('base64url');
      const salt = randomBytes(8).toString('hex');
      const state = sessionStateOf(clientId, new URL(redirectUri).origin, browserState, salt);
      ctx.redirect(withSessionState(location, state, ctx.oidc.provider.issuer));
      ctx.status = 303;
      ctx.cookies.set(BROWSER_STATE_COOKIE, browserState, {
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        signed: false,
      });
    }
    if (route === 'end_session_confirm' || route === 'end_session_success') {
      ctx.cookies.set(BROWSER_STATE_COOKIE, null, { path: '/', signed: false });
    }
  };
}

/**
 * The check-session iframe (OpenID Connect Session Management 1.0 §3.3). It answers the SPA's
 * `postMessage("<client_id> <session_state>")` with `unchanged`, `changed` or `error`.
 */
export const CHECK_SESSION_HTML = allowInlineScripts(`<!doctype html>
<html><head><meta charset="utf-8"><title>Homeward session check</title></head>
<body><script>
(function () {
  var COOKIE = '${BROWSER_STATE_COOKIE}';
  function browserState() {
    var found = document.cookie.split('; ').filter(function (c) { return c.indexOf(COOKIE + '=') === 0; })[0];
    return found ? decodeURIComponent(found.slice(COOKIE.length + 1)) : '';
  }
  function hex(buffer) {
    return Array.prototype.map.call(new Uint8Array(buffer), function (b) { return ('0' + b.toString(16)).slice(-2); }).join('');
  }
  window.addEventListener('message', function (event) {
    var reply = function (answer) { event.source.postMessage(answer, event.origin); };
    if (typeof event.data !== 'string') return;
    var parts = event.data.split(' ');
    var salt = parts.length === 2 ? parts[1].split('.')[1] : undefined;
    if (!salt) { reply('error'); return; }
    var text = parts[0] + ' ' + event.origin + ' ' + browserState() + ' ' + salt;
    crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)).then(function (digest) {
      reply(hex(digest) + '.' + salt === parts[1] ? 'unchanged' : 'changed');
    }, function () { reply('error'); });
  }, false);
})();
</script></body></html>`);
