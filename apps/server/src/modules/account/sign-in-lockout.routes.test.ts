import { OIDC_SCOPE } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { testBrowser } from '../../test/test-browser';
import { securityLogs } from '../security-logs/security-logs.schema';
import { SIGN_IN_LIMITS } from './sign-in-lockout';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** A client address no other test used (the address throttle counts across accounts). */
const newAddress = () => `198.51.100.${++addresses}`;

/** The password grant from one client address. */
function passwordGrant(remoteAddress: string, username: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/connect/token',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'password',
      client_id: 'branded',
      username,
      password,
      scope: OIDC_SCOPE,
    }).toString(),
  });
}

/** The login page from one client address: posts the form, follows a success to the client. */
async function loginPage(remoteAddress: string, identifier: string, password: string, language = 'en') {
  const browser = testBrowser(t, 'branded', { remoteAddress });
  const uid = await browser.startSignIn();
  const posted = await browser.post(`/account/interaction/${uid}/login?lng=${language}`, {
    identifier,
    password,
  });
  return posted.statusCode === 303 ? browser.follow(posted) : posted;
}

async function failPasswordGrant(user: GivenUser, address: string, times: number) {
  for (let attempt = 0; attempt < times; attempt++) {
    const response = await passwordGrant(address, user.userName, `Wrong-Password${attempt}`);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid username or password',
    });
  }
}

const actionsOf = async (userId: string) =>
  (
    await t.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.userId, userId))
      .orderBy(securityLogs.id)
  ).map((row) => [row.action, row.clientIpAddress]);

describe('a locked account answers exactly like a wrong password', () => {
  it('on the login page: the same page for the right password, and the owner gets in from another address', async () => {
    const user = await given(t.database.db).user();
    const stranger = newAddress();
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await loginPage(stranger, user.userName, 'Wrong-Password1');
      expect(wrong.statusCode).toBe(200);
      expect(wrong.body).toContain('The user name or password is incorrect.');
    }
    const locked = await loginPage(stranger, user.userName, user.password);
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('The user name or password is incorrect.');
    expect(locked.body).not.toMatch(/\blocked\b/i);

    const owner = newAddress();
    const signedIn = await loginPage(owner, user.userName, user.password);
    expect(String(signedIn.headers.location)).toContain('code=');
    // The security log keeps the real reason, with the address it came from.
    expect((await actionsOf(user.id)).slice(-2)).toEqual([
      ['LoginLockedOut', stranger],
      ['LoginSucceeded', owner],
    ]);
  });

  it('at the password grant: invalid_grant with the wrong-password text, and the owner gets in from another address', async () => {
    const user = await given(t.database.db).user();
    const stranger = newAddress();
    await failPasswordGrant(user, stranger, 5);
    const locked = await passwordGrant(stranger, user.userName, user.password);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid username or password',
    });

    const owner = await passwordGrant(newAddress(), user.userName, user.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toHaveProperty('access_token');
  });

  it('after failures from many addresses, locks out new addresses but not one the owner signed in from', async () => {
    const user = await given(t.database.db).user();
    const home = newAddress();
    expect((await passwordGrant(home, user.userName, user.password)).statusCode).toBe(200);
    for (let bot = 0; bot < SIGN_IN_LIMITS.accountWideFactor; bot++)
      await failPasswordGrant(user, newAddress(), 5);

    const fromNewPlace = await passwordGrant(newAddress(), user.userName, user.password);
    expect(fromNewPlace.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'invalid username or password',
    });
    const newPlacePage = await loginPage(newAddress(), user.userName, user.password);
    expect(newPlacePage.body).toContain('The user name or password is incorrect.');

    expect((await passwordGrant(home, user.userName, user.password)).statusCode).toBe(200);
    expect(String((await loginPage(home, user.userName, user.password)).headers.location)).toContain('code=');
  });
});

describe('an address over its budget of failed attempts', () => {
  /** Uses up an address's budget with unknown user names, as a stranger trying a list would. */
  async function exhaust(address: string) {
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.addressBudget; attempt++) {
      const response = await passwordGrant(address, `nobody.${attempt}`, 'Wrong-Password1');
      expect(response.statusCode).toBe(400);
    }
  }

  it('gets 429 on the login page, translated, before its password is checked; other addresses do not', async () => {
    const user = await given(t.database.db).user();
    const crowded = newAddress();
    await exhaust(crowded);

    const refused = await loginPage(crowded, user.userName, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.body).toContain(
      'Too many failed sign-in attempts from your network. Try again in 15 min.',
    );
    const danish = await loginPage(crowded, user.userName, user.password, 'da');
    expect(danish.body).toContain('For mange mislykkede loginforsøg fra dit netværk. Prøv igen om 15 min.');
    // Nothing about the account was read or written: no security-log row for it.
    expect(await actionsOf(user.id)).toEqual([]);

    expect(String((await loginPage(newAddress(), user.userName, user.password)).headers.location)).toContain(
      'code=',
    );
  });

  it('gets 429 with Retry-After at the password grant, also for the right password', async () => {
    const user = await given(t.database.db).user();
    const crowded = newAddress();
    await exhaust(crowded);

    const refused = await passwordGrant(crowded, user.userName, user.password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(refused.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'too many failed sign-in attempts from this address; try again in 15 min',
    });
    const charged = await t.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.clientIpAddress, crowded), eq(securityLogs.action, 'LoginFailed')));
    expect(charged).toHaveLength(SIGN_IN_LIMITS.addressBudget);
  });
});
