import { createHash, randomBytes } from 'node:crypto';
import type { TestApp } from './build-test-app';
import { CookieJar } from './http-cookies';

/** The branded client's sign-in callback in tests (PUBLIC_URL is http://localhost:3000). */
export const TEST_REDIRECT_URI = 'http://localhost:3000/';

/**
 * One browser for `app.inject` journeys through the provider and its pages: a cookie jar, a PKCE
 * pair, and the redirects a browser would follow until one leaves for the client.
 */
export function testBrowser(t: TestApp, clientId = 'branded', options: { remoteAddress?: string } = {}) {
  // The client address the server sees (sign-in throttling counts per address); inject's default otherwise.
  const from = options.remoteAddress ? { remoteAddress: options.remoteAddress } : {};
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  async function get(url: string) {
    const response = await t.app.inject({ url, headers: jar.header(), ...from });
    jar.store(response);
    return response;
  }
  async function post(url: string, fields: Record<string, string>) {
    const response = await t.app.inject({
      ...from,
      method: 'POST',
      url,
      headers: {
        ...jar.header(),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'JourneyBrowser/1',
      },
      payload: new URLSearchParams(fields).toString(),
    });
    jar.store(response);
    return response;
  }
  /** Follows the provider's and the account pages' redirects until one leaves for the client. */
  async function follow(response: Awaited<ReturnType<typeof get>>) {
    let current = response;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.location;
      if (current.statusCode < 300 || current.statusCode >= 400 || !location) return current;
      const target = new URL(String(location), 'http://localhost');
      if (!/^\/(connect|account)\//.test(target.pathname)) return current;
      current = await get(`${target.pathname}${target.search}`);
    }
    throw new Error('too many redirects');
  }
  /** Starts an authorization request and returns the uid of the login interaction it opens. */
  async function startSignIn(scope = 'openid'): Promise<string> {
    const params = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      scope,
      redirect_uri: TEST_REDIRECT_URI,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'x',
    });
    const response = await get(`/connect/auth?${params}`);
    const location = String(response.headers.location);
    if (!/^\/account\/interaction\/[\w-]+$/.test(location))
      throw new Error(`no login interaction: ${location}`);
    return location.split('/').pop()!;
  }
  /** Signs in on the login page and returns where the provider finally sends the browser. */
  async function signInWithPassword(identifier: string, password: string, scope?: string) {
    const uid = await startSignIn(scope);
    const posted = await post(`/account/interaction/${uid}/login`, { identifier, password });
    return follow(posted);
  }
  /** Redeems an authorization code with this browser's PKCE verifier. */
  function redeem(code: string) {
    return t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: verifier,
      }).toString(),
    });
  }
  return { jar, verifier, get, post, follow, startSignIn, signInWithPassword, redeem };
}
