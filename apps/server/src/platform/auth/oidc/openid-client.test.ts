import { OIDC_SCOPE } from '@homeward/contracts';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { FetchBrowser } from '../../../test/fetch-browser';
import { freePort } from '../../../test/free-port';
import { given, type GivenUser } from '../../../test/given';

// openid-client 6, written by nobody on this project, as the relying party of the real server
// listening on a real port: discovery, code + PKCE through the login form, refresh, revocation
// and end-session, each checked the way that library checks them (issuer, iss, state, ID token).
let t: TestApp;
let origin: string;
let rp: client.Configuration;
let user: GivenUser;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp({
    publicUrl: origin,
    signInClients: [{ kind: 'branded', clientId: 'branded', origins: [origin] }],
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  rp = await client.discovery(new URL(`${origin}/connect`), 'branded', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  user = await given(t.database.db).user();
});
afterAll(async () => {
  await t?.close();
});

const redirectUri = () => `${origin}/`;

/**
 * One authorization request through `browser`: it signs in on the login form when the provider
 * asks, and the code is redeemed by openid-client with the PKCE verifier and state checks.
 */
async function codeFlow(browser: FetchBrowser, extra: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: redirectUri(),
    scope: OIDC_SCOPE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  });
  let answer = await browser.follow(await browser.get(url));
  if (answer.status === 200) {
    const page = await answer.text();
    const action = /<form method="post" action="([^"]+\/login)"/.exec(page)?.[1];
    expect(action, page.slice(0, 300)).toBeTruthy();
    answer = await browser.follow(
      await browser.post(action!, { identifier: user.userName, password: user.password }),
    );
  }
  expect(answer.status).toBe(303);
  const callback = new URL(answer.headers.get('location')!);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri());
  return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
}

/** The signed-in user `/api/app/configuration` describes for this token (null: a stranger). */
async function currentUserOf(accessToken: string): Promise<{ id: string } | null> {
  const response = await api(accessToken, '/api/app/configuration');
  expect(response.status).toBe(200);
  return ((await response.json()) as { currentUser: { id: string } | null }).currentUser;
}

/** An API call with the token, as openid-client sends it. */
function api(accessToken: string, path: string) {
  return client.fetchProtectedResource(rp, accessToken, new URL(path, origin), 'GET');
}

describe('openid-client against the real provider', () => {
  it('discovers the issuer at PUBLIC_URL/connect with its endpoints on this port', () => {
    const metadata = rp.serverMetadata();
    expect(metadata.issuer).toBe(`${origin}/connect`);
    expect(metadata.end_session_endpoint).toBe(`${origin}/connect/session/end`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
  });

  it('signs in with code + PKCE through the login form, and the API knows the user', async () => {
    const tokens = await codeFlow(new FetchBrowser(origin));
    expect(tokens.claims()?.sub).toBe(user.id);
    expect(tokens.refresh_token).toBeTruthy();
    expect(await currentUserOf(tokens.access_token)).toMatchObject({ id: user.id });
  });

  it('completes prompt=consent for a new sign-in and for a browser already signed in', async () => {
    const browser = new FetchBrowser(origin);
    const first = await codeFlow(browser, { prompt: 'consent' });
    expect(first.claims()?.sub).toBe(user.id);
    // The provider's session is reused: no login form, consent granted for our first-party client.
    const again = await codeFlow(browser, { prompt: 'consent' });
    expect(again.claims()?.sub).toBe(user.id);
    expect(again.access_token).not.toBe(first.access_token);
  });

  it('refreshes, rotating the refresh token, and the new access token works', async () => {
    const tokens = await codeFlow(new FetchBrowser(origin));
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()?.sub).toBe(user.id);
    expect(await currentUserOf(refreshed.access_token)).toMatchObject({ id: user.id });
  });

  it('revokes an access token, which the API and userinfo then refuse', async () => {
    const tokens = await codeFlow(new FetchBrowser(origin));
    const sub = tokens.claims()!.sub;
    expect((await client.fetchUserInfo(rp, tokens.access_token, sub)).sub).toBe(user.id);
    expect((await api(tokens.access_token, '/api/account/my-security-logs')).status).toBe(200);

    await client.tokenRevocation(rp, tokens.access_token, { token_type_hint: 'access_token' });

    expect((await api(tokens.access_token, '/api/account/my-security-logs')).status).toBe(401);
    // A public call serves a refused token's bearer as a stranger (the SPA drops its user then).
    expect(await currentUserOf(tokens.access_token)).toBeNull();
    const userinfo = await client.fetchUserInfo(rp, tokens.access_token, sub).then(
      () => 'answered',
      (error: unknown) => (error as { status?: number }).status,
    );
    expect(userinfo).toBe(401);
  });

  it('signs out at the provider and returns to the post-logout address with the state', async () => {
    const browser = new FetchBrowser(origin);
    const tokens = await codeFlow(browser);
    const endUrl = client.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: redirectUri(),
      state: 'bye-1',
    });
    // The browser with its session: our page posts the sign-out form by itself.
    const page = await browser.get(endUrl);
    expect(page.status).toBe(200);
    const body = await page.text();
    const action = /<form method="post" action="([^"]+)"/.exec(body)![1]!;
    const fields = Object.fromEntries(
      [...body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const confirm = await browser.post(action.replaceAll('&amp;', '&'), fields);
    expect(confirm.status).toBe(303);
    const back = new URL(confirm.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
    expect(back.searchParams.get('state')).toBe('bye-1');
    // The provider session is gone: the next authorization asks for the password again.
    const next = await browser.follow(await browser.get(client.buildAuthorizationUrl(rp, authParams())));
    expect(await next.text()).toContain('name="password"');
  });

  it('sends a client without cookies straight back to the post-logout address with the state', async () => {
    const tokens = await codeFlow(new FetchBrowser(origin));
    const endUrl = client.buildEndSessionUrl(rp, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: redirectUri(),
      state: 'bye-2',
    });
    const answer = await fetch(endUrl, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
    expect(back.searchParams.get('state')).toBe('bye-2');
    expect(answer.headers.getSetCookie().filter((cookie) => cookie.startsWith('_session'))).toEqual([]);
  });
});

/** A bare authorization request (no sign-in expected to finish). */
function authParams(): Record<string, string> {
  return {
    redirect_uri: redirectUri(),
    scope: 'openid',
    code_challenge: 'x'.repeat(43),
    code_challenge_method: 'S256',
  };
}
