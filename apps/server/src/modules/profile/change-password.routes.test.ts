import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, GIVEN_PASSWORD } from '../../test/given';
import { bearer, signIn, tokenRequest } from '../../test/sign-in';
import { callApi, signedInTenantUser, type ApiCall } from './profile-test-support';
import { testBrowser } from '../../test/test-browser';
import { oidcPayloads } from '../../platform/auth/oidc.schema';
import { securityLogs } from '../security-logs/security-logs.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tenantUser = () => signedInTenantUser(t);

const call = (...args: ApiCall) => callApi(t, ...args);

describe('change password', () => {
  it('needs the current password and the policy, then ends every other sign-in of the user', async () => {
    const { user, tokens, headers } = await tenantUser();
    const other = await signIn(t, user);
    expect(other.refreshToken).toBeTruthy();

    const wrong = await call('POST', '/api/account/change-password', headers, {
      currentPassword: 'Wrong-Password1',
      newPassword: 'Brand-New-Password2',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.validationErrors).toEqual([
      { field: 'currentPassword', message: 'profile:errors.wrongCurrentPassword' },
    ]);
    const weak = await call('POST', '/api/account/change-password', headers, {
      currentPassword: GIVEN_PASSWORD,
      newPassword: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.validationErrors.map((error: { field: string }) => error.field)).toContain(
      'newPassword',
    );
    expect(
      (await call('POST', '/api/account/change-password', headers, { currentPassword: 1, newPassword: null }))
        .statusCode,
    ).toBe(400);

    const changed = await call('POST', '/api/account/change-password', headers, {
      currentPassword: GIVEN_PASSWORD,
      newPassword: 'Brand-New-Password2',
    });
    expect(changed.statusCode).toBe(204);

    // The other sign-in ended: its access token is refused and its refresh token no longer works.
    expect((await call('GET', '/api/account/my-profile', bearer(other))).statusCode).toBe(401);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: 'branded',
      refresh_token: other.refreshToken!,
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    // The sign-in the change was made with stays, refresh token included.
    expect((await call('GET', '/api/account/my-profile', headers)).statusCode).toBe(200);
    const kept = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: 'branded',
      refresh_token: tokens.refreshToken!,
    });
    expect(kept.statusCode).toBe(200);

    // The new password signs in, the old one does not; the change is in the security log.
    await signIn(t, { userName: user.userName, password: 'Brand-New-Password2' });
    await expect(signIn(t, user)).rejects.toThrow(/sign-in refused/);
    const logged = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, user.id));
    expect(logged.map((entry) => entry.action)).toContain('PasswordChanged');
  });
});

describe('wrong current passwords', () => {
  it('are logged, and after five the form refuses even the right one for a while', async () => {
    const { user, headers } = await tenantUser();
    const attempt = (currentPassword: string) =>
      call('POST', '/api/account/change-password', headers, {
        currentPassword,
        newPassword: 'Brand-New-Password2',
      });
    for (let tries = 0; tries < 5; tries += 1) {
      expect((await attempt(`Wrong-Password${tries}!`)).statusCode).toBe(400);
    }
    const throttled = await attempt(GIVEN_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error.message).toBe('profile:errors.tooManyWrongPasswords');
    const logged = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, user.id));
    expect(logged.filter((entry) => entry.action === 'PasswordChangeFailed')).toHaveLength(5);
    // The password did not change.
    await signIn(t, user);
  });
});

describe('change password in a browser', () => {
  /** Signs in through the provider's login page as a browser does, and redeems the code. */
  async function browserSignIn(user: { userName: string; password: string }) {
    const browser = testBrowser(t);
    const answer = await browser.signInWithPassword(
      user.userName,
      user.password,
      'openid offline_access homeward',
    );
    const code = new URL(String(answer.headers.location)).searchParams.get('code')!;
    const tokens = (await browser.redeem(code)).json<{ access_token: string; refresh_token: string }>();
    return { browser, accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
  }

  const sessionsOf = (userId: string) =>
    t.database.db
      .select({ payload: oidcPayloads.payload })
      .from(oidcPayloads)
      .where(
        and(sql`${oidcPayloads.model} = 'Session'`, sql`${oidcPayloads.payload}->>'accountId' = ${userId}`),
      );

  it("keeps the browser session it was made in and ends the other browser's", async () => {
    const tenant = await given(t.database.db).tenant();
    const user = await given(t.database.db).user({ tenantId: tenant.id });
    const here = await browserSignIn(user);
    const elsewhere = await browserSignIn(user);
    expect(await sessionsOf(user.id)).toHaveLength(2);

    const changed = await call(
      'POST',
      '/api/account/change-password',
      { authorization: `Bearer ${here.accessToken}` },
      { currentPassword: GIVEN_PASSWORD, newPassword: 'Brand-New-Password2' },
    );
    expect(changed.statusCode).toBe(204);

    const [kept, ...others] = await sessionsOf(user.id);
    expect(others).toEqual([]);
    const [hereToken] = await t.database.db
      .select({ grantId: oidcPayloads.grantId })
      .from(oidcPayloads)
      .where(sql`${oidcPayloads.model} = 'AccessToken' and ${oidcPayloads.id} = ${here.accessToken}`);
    expect(JSON.stringify(kept!.payload)).toContain(hereToken!.grantId!);
    const refresh = (refreshToken: string) =>
      tokenRequest(t, { grant_type: 'refresh_token', client_id: 'branded', refresh_token: refreshToken });
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(400);
    expect(
      (await call('GET', '/api/account/my-profile', { authorization: `Bearer ${elsewhere.accessToken}` }))
        .statusCode,
    ).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
  });
});
