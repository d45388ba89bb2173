import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { testBrowser, TEST_REDIRECT_URI } from '../../test/test-browser';
import { securityLogs } from '../security-logs/security-logs.schema';
import { phoneSignInCodes } from './phone-sign-in.schema';
import { givePhoneNumber, latestCodeSentTo, smsTo, uniquePhoneNumber } from './phone-sign-in.test-support';

let t: TestApp;
let addresses = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A browser from an address of its own (the limits count per address). */
const browser = (clientId = 'branded') =>
  testBrowser(t, clientId, { remoteAddress: `203.0.113.${100 + ++addresses}` });

async function userWithPhone(options: Parameters<ReturnType<typeof given>['user']>[0] = {}) {
  const user = await given(t.database.db).user(options);
  const phone = uniquePhoneNumber();
  await givePhoneNumber(t.database.db, user.id, phone.stored);
  return { ...user, phone };
}

const actionsOf = async (userId: string) =>
  (
    await t.database.db
      .select({ action: securityLogs.action })
      .from(securityLogs)
      .where(eq(securityLogs.userId, userId))
      .orderBy(securityLogs.createdAt, securityLogs.id)
  ).map((row) => row.action);

/** The claims of a JWT (the id token), unverified: the provider that signed it is the one under test. */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Opens the phone step of a new sign-in and asks for a code for `typed`; the uid and the page. */
async function askForCode(b: ReturnType<typeof browser>, typed: string) {
  const uid = await b.startSignIn();
  const start = await b.get(`/account/interaction/${uid}`);
  expect(start.body).toContain(`href="/account/interaction/${uid}/phone"`);
  const phonePage = await b.get(`/account/interaction/${uid}/phone`);
  expect(phonePage.statusCode).toBe(200);
  const page = await b.post(`/account/interaction/${uid}/phone`, { phoneNumber: typed });
  return { uid, page };
}

/** Asks for a code for the user's stored number and enters the code the SMS carried. */
async function enterSmsCode(b: ReturnType<typeof browser>, user: Awaited<ReturnType<typeof userWithPhone>>) {
  const { uid } = await askForCode(b, user.phone.stored);
  const code = await latestCodeSentTo(t.database.db, user.phone.e164);
  const posted = await b.post(`/account/interaction/${uid}/phone-code`, {
    phoneNumber: user.phone.e164,
    code,
  });
  return { uid, code, posted };
}

function codeFromRedirect(location: unknown): string {
  const url = new URL(String(location));
  expect(`${url.origin}${url.pathname}`).toBe(TEST_REDIRECT_URI);
  return url.searchParams.get('code')!;
}

describe('phone sign-in on the sign-in page', () => {
  it.each(['branded', 'plug-and-play'])(
    'signs in on the %s client with the code from the SMS, and the tokens are real',
    async (clientId) => {
      const user = await userWithPhone();
      const b = browser(clientId);
      const { uid, page } = await askForCode(b, `+45 ${user.phone.stored}`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain(`If ${user.phone.e164} belongs to an account`);
      expect(page.body).toContain(`action="/account/interaction/${uid}/phone-code"`);

      const code = await latestCodeSentTo(t.database.db, user.phone.e164);
      expect(page.body).not.toContain(code);
      const posted = await b.post(`/account/interaction/${uid}/phone-code`, {
        phoneNumber: user.phone.e164,
        code: `${code.slice(0, 3)} ${code.slice(3)}`,
      });
      expect(posted.statusCode).toBe(303);
      const token = await b.redeem(codeFromRedirect((await b.follow(posted)).headers.location));
      expect(token.statusCode).toBe(200);
      const tokens = token.json<{ access_token: string; id_token: string }>();
      expect(claimsOf(tokens.id_token)).toMatchObject({ sub: user.id });

      // The access token is accepted by the API as this user.
      const me = await t.app.inject({
        url: '/api/app/configuration',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(me.json<{ currentUser: { id: string } | null }>().currentUser?.id).toBe(user.id);
      expect(await actionsOf(user.id)).toEqual(['PhoneCodeSent', 'PhoneCodeAccepted', 'LoginSucceeded']);
      const [accepted] = await t.database.db
        .select()
        .from(securityLogs)
        .where(eq(securityLogs.action, 'PhoneCodeAccepted'))
        .orderBy(securityLogs.createdAt)
        .limit(1);
      expect(accepted).toMatchObject({ clientId: expect.any(String), browserInfo: 'JourneyBrowser/1' });
    },
  );

  it('refuses a code that was used already, on a later sign-in', async () => {
    const user = await userWithPhone();
    const { code, posted: used } = await enterSmsCode(browser(), user);
    expect(used.statusCode).toBe(303);

    const second = browser();
    const again = await askForCode(second, user.phone.stored);
    const reused = await second.post(`/account/interaction/${again.uid}/phone-code`, {
      phoneNumber: user.phone.e164,
      code,
    });
    expect(reused.statusCode).toBe(200);
    expect(reused.body).toContain('This code has already been used. Ask for a new code.');
    expect((await actionsOf(user.id)).at(-1)).toBe('PhoneCodeReused');
  });

  it('refuses a code after its five minutes, and a wrong code', async () => {
    const user = await userWithPhone();
    const b = browser();
    const { uid } = await askForCode(b, user.phone.stored);
    const code = await latestCodeSentTo(t.database.db, user.phone.e164);
    const wrong = await b.post(`/account/interaction/${uid}/phone-code`, {
      phoneNumber: user.phone.e164,
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('The code is incorrect.');

    // Five minutes pass: the code was sent that long ago.
    const past = new Date(Date.now() - 5 * 60_000 - 1000);
    await t.database.db
      .update(phoneSignInCodes)
      .set({ createdAt: past, expiresAt: new Date(past.getTime() + 5 * 60_000) })
      .where(eq(phoneSignInCodes.userId, user.id));
    const expired = await b.post(`/account/interaction/${uid}/phone-code`, {
      phoneNumber: user.phone.e164,
      code,
    });
    expect(expired.statusCode).toBe(200);
    expect(expired.body).toContain('This code has expired. Ask for a new code.');
    expect(await actionsOf(user.id)).toEqual(['PhoneCodeSent', 'PhoneCodeFailed', 'PhoneCodeExpired']);
  });

  it('says the same for a number without an account, in Danish too', async () => {
    const unknown = uniquePhoneNumber();
    const b = browser();
    const uid = await b.startSignIn();
    const page = await b.post(`/account/interaction/${uid}/phone?lng=da`, { phoneNumber: unknown.stored });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Hvis ${unknown.e164} hører til en konto`);
    expect(await smsTo(t.database.db, unknown.e164)).toEqual([]);
  });

  it('refuses what is not a phone number with the field error, never a 5xx', async () => {
    const b = browser();
    const uid = await b.startSignIn();
    for (const phoneNumber of ['abc', '', '2030 40 5O', '9'.repeat(100_000)]) {
      const page = await b.post(`/account/interaction/${uid}/phone`, { phoneNumber });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Enter a valid mobile number.');
      expect(page.body).toContain('aria-invalid="true"');
    }
    const code = await b.post(`/account/interaction/${uid}/phone-code`, {
      phoneNumber: '+4520304050',
      code: '12 34',
    });
    expect(code.statusCode).toBe(400);
    expect(code.body).toContain('Enter the six digits from the SMS.');
    // NUL bytes are refused (400) before any route, by the app's text guard.
    const nul = await b.post(`/account/interaction/${uid}/phone`, { phoneNumber: '2030\u00004050' });
    expect(nul.statusCode).toBe(400);
  });

  it('answers 429 with Retry-After once a number has asked for too many codes', async () => {
    const user = await userWithPhone();
    const b = browser();
    const uid = await b.startSignIn();
    for (let i = 0; i < 3; i++) {
      const page = await b.post(`/account/interaction/${uid}/phone`, { phoneNumber: user.phone.stored });
      expect(page.statusCode).toBe(200);
    }
    const refused = await b.post(`/account/interaction/${uid}/phone`, { phoneNumber: user.phone.stored });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('Too many codes have been asked for. Try again in 15 min.');
    expect((await actionsOf(user.id)).filter((action) => action === 'PhoneCodeSent')).toHaveLength(3);
    const [throttled] = await t.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.userName, user.phone.e164));
    expect(throttled).toMatchObject({ action: 'PhoneCodeThrottled', userId: null });
  });

  it('asks a user with two-factor for the authenticator code after the SMS code', async () => {
    const secret = generateSecret();
    const user = await userWithPhone({ twoFactorEnabled: true, totpSecret: secret });
    const b = browser();
    const { uid, posted } = await enterSmsCode(b, user);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/account/interaction/${uid}`);
    const step = await b.get(`/account/interaction/${uid}`);
    expect(step.body).toContain(`action="/account/interaction/${uid}/two-factor"`);

    const right = await b.post(`/account/interaction/${uid}/two-factor`, {
      code: await generate({ secret }),
    });
    expect(right.statusCode).toBe(303);
    const token = await b.redeem(codeFromRedirect((await b.follow(right)).headers.location));
    expect(claimsOf(token.json<{ id_token: string }>().id_token)).toMatchObject({ sub: user.id });
    expect((await actionsOf(user.id)).slice(-3)).toEqual([
      'PhoneCodeAccepted',
      'LoginRequiresTwoFactor',
      'LoginSucceeded',
    ]);
  });

  it('has a user who must use two-factor and has no app yet set it up after the SMS code', async () => {
    const user = await userWithPhone({ twoFactorEnabled: true });
    const b = browser();
    const { uid, posted } = await enterSmsCode(b, user);
    expect(posted.statusCode).toBe(303);
    const step = await b.get(`/account/interaction/${uid}`);
    expect(step.body).toContain(`action="/account/interaction/${uid}/two-factor-enrolment"`);
    const secret = /id="totp-secret">([^<]+)</.exec(step.body)![1]!.replace(/\s/g, '');

    const enrolled = await b.post(`/account/interaction/${uid}/two-factor-enrolment`, {
      code: await generate({ secret }),
    });
    expect(enrolled.statusCode).toBe(303);
    expect((await b.redeem(codeFromRedirect((await b.follow(enrolled)).headers.location))).statusCode).toBe(
      200,
    );
    expect((await actionsOf(user.id)).slice(-3)).toEqual([
      'LoginRequiresTwoFactor',
      'TwoFactorEnrolled',
      'LoginSucceeded',
    ]);
  });
});
