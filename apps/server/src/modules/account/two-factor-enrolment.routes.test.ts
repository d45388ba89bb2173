import { OIDC_SCOPE } from '@homeward/contracts';
import { and, eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { tokenRequest } from '../../test/sign-in';
import { testBrowser, TEST_REDIRECT_URI } from '../../test/test-browser';
import { securityLogs } from '../security-logs/security-logs.schema';
import { users } from '../users/users.schema';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const logged = (userId: string, action: string) =>
  t.database.db
    .select()
    .from(securityLogs)
    .where(and(eq(securityLogs.userId, userId), eq(securityLogs.action, action)));

/** The key the page offers for typing in by hand (shown in groups of four). */
function offeredSecret(body: string): string {
  const match = /id="totp-secret">([^<]+)</.exec(body);
  if (!match) throw new Error('no secret on the page');
  return match[1]!.replace(/\s/g, '');
}

/** A browser that passed the password step of a user who must set up two-factor. */
async function atEnrolment(user: GivenUser) {
  const b = testBrowser(t);
  const uid = await b.startSignIn();
  const page = await b.post(`/account/interaction/${uid}/login`, {
    identifier: user.userName,
    password: user.password,
  });
  return {
    b,
    uid,
    page,
    enrol: (code: string) => b.post(`/account/interaction/${uid}/two-factor-enrolment`, { code }),
  };
}

/** A code of `secret` that is certainly wrong, whatever the clock says. */
async function wrongCode(secret: string) {
  const right = await generate({ secret });
  return right === '000000' ? '111111' : '000000';
}

describe('two-factor enrolment at sign-in', () => {
  it('offers a QR code and a key to a user who must use two-factor and has no secret', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { uid, page } = await atEnrolment(user);

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Set up two-step verification');
    expect(page.body).toContain(`action="/account/interaction/${uid}/two-factor-enrolment"`);
    expect(page.body).toMatch(/<svg role="img" aria-label="QR code for setting up your authenticator app"/);
    expect(offeredSecret(page.body)).toMatch(/^[A-Z2-7]{32}$/);
    // The secret is offered, never posted back: no form field carries it.
    expect(page.body).not.toMatch(/<input[^>]*name="secret"/);
    expect((await userRow(user.id)).totpSecret).toBeNull();
  });

  it('refuses a wrong code on the same page and secret, counting it as a failed attempt', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { page, enrol } = await atEnrolment(user);
    const secret = offeredSecret(page.body);

    const wrong = await enrol(await wrongCode(secret));
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('The code is incorrect or has expired.');
    expect(offeredSecret(wrong.body)).toBe(secret);
    expect((await userRow(user.id)).accessFailedCount).toBe(1);
    expect((await userRow(user.id)).totpSecret).toBeNull();
    expect(await logged(user.id, 'TwoFactorFailed')).toHaveLength(1);

    const malformed = await enrol('12ab');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain('Enter the six digits from your app.');
  });

  it('locks the address out after too many wrong codes, answering the right one like a wrong one', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { page, enrol } = await atEnrolment(user);
    const secret = offeredSecret(page.body);
    const code = await wrongCode(secret);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await enrol(code)).body).toContain('The code is incorrect or has expired.');
    }
    const locked = await enrol(await generate({ secret }));
    expect(locked.statusCode).toBe(200);
    expect(locked.body).toContain('The code is incorrect or has expired.');
    expect(locked.body).not.toMatch(/\blocked\b/i);
    expect((await userRow(user.id)).totpSecret).toBeNull();
    expect(await logged(user.id, 'LoginLockedOut')).toHaveLength(1);
  });

  it('stores the secret on the right code, logs it, and finishes the login with a code that redeems', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { b, page, enrol } = await atEnrolment(user);
    const secret = offeredSecret(page.body);

    const right = await enrol(await generate({ secret }));
    expect(right.statusCode).toBe(303);
    const final = await b.follow(right);
    const location = new URL(String(final.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(TEST_REDIRECT_URI);
    const token = await b.redeem(location.searchParams.get('code')!);
    expect(token.statusCode).toBe(200);
    expect(token.json()).toHaveProperty('access_token');

    expect((await userRow(user.id)).totpSecret).toBe(secret);
    const [enrolled] = await logged(user.id, 'TwoFactorEnrolled');
    expect(enrolled).toMatchObject({ clientId: 'branded', browserInfo: 'JourneyBrowser/1' });
    expect(await logged(user.id, 'LoginSucceeded')).toHaveLength(1);

    // The next sign-in asks for a code of the stored secret, as for any enrolled user.
    const next = testBrowser(t);
    const uid = await next.startSignIn();
    const step = await next.post(`/account/interaction/${uid}/login`, {
      identifier: user.userName,
      password: user.password,
    });
    expect(step.body).toContain(`action="/account/interaction/${uid}/two-factor"`);
    expect(step.body).not.toContain('id="totp-secret"');
    const code = await next.post(`/account/interaction/${uid}/two-factor`, {
      code: await generate({ secret }),
    });
    expect(code.statusCode).toBe(303);
  });

  it('stores only the secret it offered, whatever the browser posts', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { page, enrol, b, uid } = await atEnrolment(user);
    const offered = offeredSecret(page.body);
    // A secret of the browser's choosing whose current code differs from the offered one's.
    let chosen = generateSecret();
    while ((await generate({ secret: chosen })) === (await generate({ secret: offered })))
      chosen = generateSecret();
    const chosenCode = await generate({ secret: chosen });

    const forged = await b.post(`/account/interaction/${uid}/two-factor-enrolment`, {
      code: chosenCode,
      secret: chosen,
    });
    expect(forged.body).toContain('The code is incorrect or has expired.');
    expect((await userRow(user.id)).totpSecret).toBeNull();
    expect((await enrol(await generate({ secret: offered }))).statusCode).toBe(303);
    expect((await userRow(user.id)).totpSecret).toBe(offered);
  });

  it('keeps the step and its secret when the language is switched', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const { b, uid, page } = await atEnrolment(user);
    const danish = await b.get(`/account/interaction/${uid}?lng=da`);
    expect(danish.statusCode).toBe(200);
    expect(danish.body).toContain('Opsæt totrinsbekræftelse');
    expect(offeredSecret(danish.body)).toBe(offeredSecret(page.body));
  });

  it('takes no enrolment code for an interaction whose password step was not passed', async () => {
    const b = testBrowser(t);
    const uid = await b.startSignIn();
    const response = await b.post(`/account/interaction/${uid}/two-factor-enrolment`, { code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The sign-in took too long. Enter your password again.');
  });

  it('refuses the password grant to a user who must set up two-factor first', async () => {
    const user = await given(t.database.db).user({ twoFactorEnabled: true });
    const response = await tokenRequest(t, {
      grant_type: 'password',
      client_id: 'branded',
      username: user.userName,
      password: user.password,
      scope: OIDC_SCOPE,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'two-factor authentication is required; use the authorization code flow',
    });
    expect((await userRow(user.id)).totpSecret).toBeNull();
  });
});
