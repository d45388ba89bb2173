import { and, eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { testBrowser, TEST_REDIRECT_URI as REDIRECT } from '../../test/test-browser';
import { securityLogs } from '../security-logs/security-logs.schema';
import { users } from '../users/users.schema';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One browser through the provider and the account pages (shared journey helper). */
const browser = () => testBrowser(t);

function expectCodeRedirect(location: unknown) {
  const url = new URL(String(location));
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
  expect(url.searchParams.get('state')).toBe('x');
  expect(url.searchParams.get('code')).toBeTruthy();
  return url.searchParams.get('code')!;
}

describe('sign-in interaction', () => {
  it('signs in with the form, grants consent itself and reaches the client with a code that redeems', async () => {
    const user = await given(t.database.db).user();
    const b = browser();
    const uid = await b.startSignIn();

    const page = await b.get(`/account/interaction/${uid}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(`action="/account/interaction/${uid}/login"`);
    expect(page.body).toContain(`href="/account/forgot-password?interaction=${uid}"`);

    const posted = await b.post(`/account/interaction/${uid}/login`, {
      identifier: user.email,
      password: user.password,
    });
    expect(posted.statusCode).toBe(303);
    const final = await b.follow(posted);
    const code = expectCodeRedirect(final.headers.location);

    const token = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: 'branded',
        code_verifier: b.verifier,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    expect(token.json()).toHaveProperty('access_token');

    const [log] = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, user.id));
    expect(log).toMatchObject({
      action: 'LoginSucceeded',
      clientId: 'branded',
      browserInfo: 'JourneyBrowser/1',
    });
  });

  it('re-renders the form after a wrong password, keeping the name and not the password', async () => {
    const user = await given(t.database.db).user();
    const b = browser();
    const uid = await b.startSignIn();
    const response = await b.post(`/account/interaction/${uid}/login`, {
      identifier: user.userName,
      password: 'Wrong-Password1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('The user name or password is incorrect.');
    expect(response.body).toContain(`value="${user.userName}"`);
    expect(response.body).not.toContain('Wrong-Password1');
  });

  it('asks for the TOTP code, refuses a wrong one, and finishes with the right one', async () => {
    const secret = generateSecret();
    const user = await given(t.database.db).user({ twoFactorEnabled: true, totpSecret: secret });
    const b = browser();
    const uid = await b.startSignIn();

    const step = await b.post(`/account/interaction/${uid}/login`, {
      identifier: user.userName,
      password: user.password,
    });
    expect(step.statusCode).toBe(200);
    expect(step.body).toContain(`action="/account/interaction/${uid}/two-factor"`);
    expect(step.body).not.toContain(user.id);

    const wrong = await b.post(`/account/interaction/${uid}/two-factor`, { code: '000000' });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.body).toContain('The code is incorrect or has expired.');

    const right = await b.post(`/account/interaction/${uid}/two-factor`, {
      code: await generate({ secret }),
    });
    expect(right.statusCode).toBe(303);
    expectCodeRedirect((await b.follow(right)).headers.location);
  });

  it('does not take a code for an interaction whose password step was not passed', async () => {
    const b = browser();
    const uid = await b.startSignIn();
    const response = await b.post(`/account/interaction/${uid}/two-factor`, { code: '123456' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The sign-in took too long. Enter your password again.');
    expect(response.body).toContain(`action="/account/interaction/${uid}/login"`);
  });

  it('answers a locked account like a wrong password, and says why an unconfirmed one may not sign in', async () => {
    const locked = await given(t.database.db).user();
    await t.database.db
      .update(users)
      .set({ lockoutEnd: new Date('2099-01-02T03:04:00Z') })
      .where(eq(users.id, locked.id));
    const b = browser();
    const uid = await b.startSignIn();
    const lockedPage = await b.post(`/account/interaction/${uid}/login`, {
      identifier: locked.userName,
      password: locked.password,
    });
    const wrongPage = await b.post(`/account/interaction/${uid}/login`, {
      identifier: locked.userName,
      password: 'Wrong-Password1',
    });
    expect(lockedPage.statusCode).toBe(wrongPage.statusCode);
    // Per-response nonces aside, the very same page.
    const withoutNonces = (body: string) => body.replace(/nonce="[^"]*"/g, '');
    expect(withoutNonces(lockedPage.body)).toBe(withoutNonces(wrongPage.body));
    expect(lockedPage.body).toContain('The user name or password is incorrect.');

    const unconfirmed = await given(t.database.db).user({ emailConfirmed: false });
    const notAllowed = await b.post(`/account/interaction/${uid}/login`, {
      identifier: unconfirmed.userName,
      password: unconfirmed.password,
    });
    expect(notAllowed.body).toContain('Open the link in the confirmation e-mail');
    const logged = await t.database.db
      .select()
      .from(securityLogs)
      .where(and(eq(securityLogs.userId, unconfirmed.id), eq(securityLogs.action, 'LoginNotAllowed')));
    expect(logged).toHaveLength(1);
  });

  it('returns access_denied to the client when the user cancels', async () => {
    const b = browser();
    const uid = await b.startSignIn();
    const aborted = await b.follow(await b.get(`/account/interaction/${uid}/abort`));
    const url = new URL(String(aborted.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('x');
  });

  it('shows an expired page for an unknown interaction, or one started in another browser', async () => {
    const unknown = await browser().get('/account/interaction/not-a-real-uid');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This sign-in has expired');

    const uid = await browser().startSignIn();
    const other = browser();
    expect((await other.get(`/account/interaction/${uid}`)).statusCode).toBe(400);
    const user = await given(t.database.db).user();
    const post = await other.post(`/account/interaction/${uid}/login`, {
      identifier: user.userName,
      password: user.password,
    });
    expect(post.statusCode).toBe(400);
  });

  it('renders the login page in Danish when asked', async () => {
    const b = browser();
    const uid = await b.startSignIn();
    const page = await b.get(`/account/interaction/${uid}?lng=da`);
    expect(page.body).toContain('<html lang="da">');
    expect(page.body).toContain('Brugernavn eller e-mail');
  });
});
