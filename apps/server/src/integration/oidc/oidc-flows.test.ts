import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityLogs } from '../../modules/security-logs/security-logs.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { signIn } from '../../test/sign-in';
import { testBrowser } from '../../test/test-browser';
import { oidcPayloads } from '../../platform/auth/oidc.schema';

let t: TestApp;
let user: GivenUser;
const REDIRECT = 'http://localhost:3000/';

beforeAll(async () => {
  t = await buildTestApp();
  user = await given(t.database.db).user();
});
afterAll(async () => {
  await t.close();
});

function authorizeUrl(extra: Record<string, string>): string {
  const params = new URLSearchParams({
    client_id: 'branded',
    response_type: 'code',
    scope: 'openid profile email offline_access homeward',
    redirect_uri: REDIRECT,
    state: 'state-1',
    ...extra,
  });
  return `/connect/auth?${params}`;
}

async function countSessions(): Promise<number> {
  const rows = await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.model, 'Session'));
  return rows.length;
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe('authorization request', () => {
  it('starts the login interaction for a code request with an S256 challenge', async () => {
    const response = await t.app.inject({
      url: authorizeUrl({ code_challenge: pkcePair().challenge, code_challenge_method: 'S256' }),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/account\/interaction\/[\w-]+$/);
  });

  it('refuses a plain PKCE challenge', async () => {
    const response = await t.app.inject({
      url: authorizeUrl({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' }),
    });
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toBe(
      'not supported value of code_challenge_method',
    );
    expect(location.searchParams.get('state')).toBe('state-1');
  });

  it('refuses a request without a PKCE challenge', async () => {
    const response = await t.app.inject({ url: authorizeUrl({}) });
    const location = new URL(String(response.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toBe(
      'Authorization Server policy requires PKCE to be used for this request',
    );
  });

  it('refuses implicit and hybrid response types', async () => {
    const response = await t.app.inject({
      url: authorizeUrl({
        response_type: 'id_token token',
        nonce: 'n',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }),
    });
    const location = new URL(String(response.headers.location).replace('#', '?'));
    expect(location.searchParams.get('error')).toBe('unsupported_response_type');
  });

  it('shows an error page, not a redirect, for an unregistered redirect URI', async () => {
    const response = await t.app.inject({
      url: authorizeUrl({
        redirect_uri: 'https://evil.example/',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).toContain('redirect_uri did not match any of the client');
  });
});

describe('code flow with PKCE', () => {
  it('signs in on the login page, redeems the code with the verifier, and adds session_state', async () => {
    const browser = testBrowser(t);
    const answer = await browser.signInWithPassword(
      user.userName,
      user.password,
      'openid profile email offline_access homeward',
    );
    const location = new URL(String(answer.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('session_state')).toMatch(/^[0-9a-f]{64}\.[0-9a-f]+$/);
    expect(browser.jar.get('hw_op_browser_state')).toBeTruthy();

    const tokens = await browser.redeem(location.searchParams.get('code')!);
    expect(tokens.statusCode).toBe(200);
    const body = tokens.json();
    // Refresh tokens for a first-party public client, without a consent prompt.
    expect(body).toMatchObject({ token_type: 'Bearer', scope: expect.stringContaining('homeward') });
    expect(body.refresh_token).toBeTruthy();
    const me = await t.app.inject({
      url: '/connect/me',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json()).toMatchObject({ sub: user.id, tenant_id: user.tenantId });
  });

  it('refuses a code redeemed with the wrong verifier, and a code used twice', async () => {
    const browser = testBrowser(t);
    const answer = await browser.signInWithPassword(user.userName, user.password);
    const code = new URL(String(answer.headers.location)).searchParams.get('code')!;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'branded',
        code,
        redirect_uri: REDIRECT,
        code_verifier: pkcePair().verifier,
      }).toString(),
    });
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt consumed nothing it should not: a second browser's fresh code still works.
    const again = testBrowser(t);
    const fresh = await again.signInWithPassword(user.userName, user.password);
    const freshCode = new URL(String(fresh.headers.location)).searchParams.get('code')!;
    expect((await again.redeem(freshCode)).statusCode).toBe(200);
    expect((await again.redeem(freshCode)).json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('RP-initiated logout', () => {
  it('ends the browser session, clears the browser state and logs the sign-out', async () => {
    const browser = testBrowser(t);
    const answer = await browser.signInWithPassword(user.userName, user.password);
    const tokens = (
      await browser.redeem(new URL(String(answer.headers.location)).searchParams.get('code')!)
    ).json();
    const end = await browser.get(
      `/connect/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: REDIRECT, state: 's' })}`,
    );
    const form = /<form[^>]*action="([^"]+)"[\s\S]*?<\/form>/.exec(end.body)!;
    const fields = Object.fromEntries(
      [...form[0].matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const confirm = await browser.post(new URL(form[1]!).pathname, fields);
    expect(confirm.statusCode).toBe(303);
    expect(browser.jar.get('hw_op_browser_state')).toBeUndefined();
    // A new authorization request needs a new sign-in: the session is gone.
    expect(await browser.startSignIn()).toBeTruthy();
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .select({ clientId: securityLogs.clientId })
        .from(securityLogs)
        .where(and(eq(securityLogs.userId, user.id), eq(securityLogs.action, 'Logout')));
      expect(rows).toEqual([{ clientId: 'branded' }]);
    });
  });

  it('sends a request without the provider session straight back to the post-logout URI with the state', async () => {
    // Tokens from the password grant: the browser that signs out has no session cookie here.
    const tokens = await signIn(t, user);
    const sessionsBefore = await countSessions();
    const end = await t.app.inject({
      url: `/connect/session/end?${new URLSearchParams({
        id_token_hint: tokens.idToken!,
        post_logout_redirect_uri: REDIRECT,
        state: 'bye-1',
      })}`,
    });
    expect(end.statusCode).toBe(303);
    const location = new URL(String(end.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('bye-1');
    // Nothing was signed in, so nothing is kept: no session cookie, no session row.
    expect(end.cookies.filter((cookie) => cookie.name.startsWith('_session') && cookie.value)).toEqual([]);
    expect(await countSessions()).toBe(sessionsBefore);
  });

  it('refuses a post-logout URI that is not registered', async () => {
    const tokens = await signIn(t, user);
    const end = await t.app.inject({
      url: `/connect/session/end?${new URLSearchParams({ id_token_hint: tokens.idToken!, post_logout_redirect_uri: 'https://evil.example/' })}`,
    });
    expect(end.statusCode).toBe(400);
    expect(end.body).toContain('post_logout_redirect_uri not registered');
  });
});
