import { SECURITY_LOG_ACTIONS } from '@homeward/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { securityLogs } from '../../modules/security-logs/security-logs.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, revokeToken, signIn, tokenRequest } from '../../test/sign-in';

let t: TestApp;
let user: GivenUser;

beforeAll(async () => {
  t = await buildTestApp();
  const tenant = await given(t.database.db).tenant();
  const role = await given(t.database.db).role({ tenantId: tenant.id, permissions: ['Homeward.Dashboard'] });
  user = await given(t.database.db).user({ tenantId: tenant.id, roles: [role] });
});
afterAll(async () => {
  await t.close();
});

async function logActions(userId: string) {
  const rows = await t.database.db
    .select({ action: securityLogs.action, clientId: securityLogs.clientId })
    .from(securityLogs)
    .where(eq(securityLogs.userId, userId))
    .orderBy(desc(securityLogs.createdAt));
  return rows;
}

describe('discovery', () => {
  it('is served at /.well-known and under the issuer, with PKCE S256 only and our own session iframe', async () => {
    for (const url of ['/.well-known/openid-configuration', '/connect/.well-known/openid-configuration']) {
      // Endpoint URLs follow the request's host, as they do behind the real PUBLIC_URL.
      const response = await t.app.inject({ url, headers: { host: 'localhost:3000' } });
      expect(response.statusCode, url).toBe(200);
      const document = response.json();
      expect(document.issuer).toBe('http://localhost:3000/connect');
      expect(document.code_challenge_methods_supported).toEqual(['S256']);
      expect(document.response_types_supported).toEqual(['code']);
      expect(document.grant_types_supported).toEqual(
        expect.arrayContaining(['authorization_code', 'refresh_token', 'password']),
      );
      expect(document.scopes_supported).toEqual(
        expect.arrayContaining(['openid', 'profile', 'email', 'phone', 'offline_access', 'homeward']),
      );
      expect(document.revocation_endpoint).toBe('http://localhost:3000/connect/token/revocation');
      expect(document.end_session_endpoint).toBe('http://localhost:3000/connect/session/end');
      expect(document.userinfo_endpoint).toBe('http://localhost:3000/connect/me');
      expect(document.check_session_iframe).toBe('http://localhost:3000/connect/check-session');
    }
  });

  it('ignores X-Forwarded-* unless TRUST_PROXY is set, so a client cannot rewrite the endpoints', async () => {
    const response = await t.app.inject({
      url: '/.well-known/openid-configuration',
      headers: { host: 'localhost:3000', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(response.json().token_endpoint).toBe('http://localhost:3000/connect/token');
  });

  it('serves the check-session iframe page', async () => {
    const response = await t.app.inject({ url: '/connect/check-session' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain("addEventListener('message'");
  });
});

describe('password grant', () => {
  it('issues access, refresh and id tokens for user name or e-mail, and the API accepts the access token', async () => {
    const tokens = await signIn(t, user);
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.idToken?.split('.')).toHaveLength(3);
    const configuration = await t.app.inject({ url: '/api/app/configuration', headers: bearer(tokens) });
    expect(configuration.json().currentUser).toMatchObject({
      id: user.id,
      userName: user.userName,
      tenantId: user.tenantId,
    });
    expect(configuration.json().grantedPolicies).toEqual({ 'Homeward.Dashboard': true });

    const byEmail = await signIn(t, { userName: user.email.toUpperCase(), password: user.password });
    expect(byEmail.accessToken).toBeTruthy();
  });

  it('refuses wrong credentials with invalid_grant and logs the failure', async () => {
    const response = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'branded',
      username: user.userName,
      password: 'Wrong-Password1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await logActions(user.id)).map((row) => row.action)).toContain('LoginFailed');
  });

  it('refuses unknown scopes and unknown clients', async () => {
    const badScope = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'branded',
      username: user.userName,
      password: user.password,
      scope: 'openid admin',
    });
    expect(badScope.json()).toMatchObject({ error: 'invalid_scope' });
    const badClient = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'nobody',
      username: user.userName,
      password: user.password,
    });
    expect(badClient.statusCode).toBe(401);
    expect(badClient.json()).toMatchObject({ error: 'invalid_client' });
  });
});

describe('refresh tokens', () => {
  it('rotate, and reusing a rotated token revokes the whole grant', async () => {
    const first = await signIn(t, user);
    const refresh = (refreshToken: string) =>
      tokenRequest(t, { grant_type: 'refresh_token', client_id: 'branded', refresh_token: refreshToken });

    const rotated = await refresh(first.refreshToken!);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ access_token: string; refresh_token: string }>();
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refreshToken);

    const reuse = await refresh(first.refreshToken!);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });

    // The grant is gone: the newest refresh token and the access tokens stop working too.
    expect((await refresh(second.refresh_token)).statusCode).toBe(400);
    const api = await t.app.inject({
      url: '/api/app/configuration',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(api.json().currentUser).toBeNull();
    // The reuse is a security event: the revocation is logged against the user and client.
    await vi.waitFor(async () => {
      expect(await logActions(user.id)).toContainEqual({ action: 'TokenRevoked', clientId: 'branded' });
    });
  });
});

describe('revocation and userinfo', () => {
  it('answers userinfo for a live token, and nothing once the token is revoked', async () => {
    const tokens = await signIn(t, user);
    const me = await t.app.inject({ url: '/connect/me', headers: bearer(tokens) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ sub: user.id, preferred_username: user.userName, email: user.email });

    const revoke = await revokeToken(t, tokens.accessToken, 'access_token');
    expect(revoke.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/connect/me', headers: bearer(tokens) })).statusCode).toBe(401);
    const api = await t.app.inject({ url: '/api/app/configuration', headers: bearer(tokens) });
    expect(api.json().currentUser).toBeNull();
  });

  it('revokes a refresh token given with its hint', async () => {
    const tokens = await signIn(t, user);
    const revoke = await revokeToken(t, tokens.refreshToken!, 'refresh_token');
    expect(revoke.statusCode).toBe(200);
    const refresh = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: 'branded',
      refresh_token: tokens.refreshToken!,
    });
    expect(refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('logs each explicit revocation to the security log', async () => {
    const other = await given(t.database.db).user({ tenantId: user.tenantId });
    const tokens = await signIn(t, other);
    await revokeToken(t, tokens.refreshToken!, 'refresh_token');
    await vi.waitFor(async () => {
      expect((await logActions(other.id)).map((row) => row.action)).toEqual([
        'TokenRevoked',
        'LoginSucceeded',
      ]);
    });
  });
});

describe('lockout', () => {
  it('locks out the address after 5 failures, refuses even the right password as a wrong one, and logs each outcome', async () => {
    const victim = await given(t.database.db).user({ tenantId: user.tenantId });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await tokenRequest(t, {
        grant_type: 'password',
        client_id: 'plug-and-play',
        username: victim.userName,
        password: `Wrong-Password${attempt}`,
      });
      expect(response.json()).toMatchObject({ error: 'invalid_grant' });
    }
    const locked = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'plug-and-play',
      username: victim.userName,
      password: victim.password,
    });
    // Exactly a wrong password's answer: a stranger learns neither that the account exists nor that it is locked.
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid username or password',
    });
    // One row per attempt, oldest first: five failures, then the refused right password with its real reason.
    const actions = (await logActions(victim.id)).map((row) => row.action).reverse();
    expect(actions).toEqual([
      'LoginFailed',
      'LoginFailed',
      'LoginFailed',
      'LoginFailed',
      'LoginFailed',
      'LoginLockedOut',
    ]);
    expect(actions.every((action) => (SECURITY_LOG_ACTIONS as readonly string[]).includes(action))).toBe(
      true,
    );
    expect((await logActions(victim.id)).every((row) => row.clientId === 'plug-and-play')).toBe(true);
  });
});

describe('bad input', () => {
  it('answers a malformed token request with invalid_request, and keeps serving', async () => {
    const noGrant = await tokenRequest(t, { client_id: 'branded' });
    expect(noGrant.statusCode).toBe(400);
    expect(noGrant.json()).toMatchObject({ error: 'invalid_request' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(json.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses an oversized token request body, and keeps serving', async () => {
    const response = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'branded',
      username: 'x'.repeat(2_000_000),
      password: 'y',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'request body too large',
    });
    expect((await signIn(t, user)).accessToken).toBeTruthy();
  });
});
