import { createHash, randomBytes } from 'node:crypto';
import { installValidationMessages } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { CookieJar } from '../../test/http-cookies';
import { emailsTo, registeredHousehold } from '../registration/registration-test-helpers';

/**
 * The password-reset e-mail leads back to the client the person came from, through the real
 * provider and account pages: the sign-in interaction's client when "Forgot password?" is clicked on
 * its sign-in form; without one, the plug-and-play client for a household's person and PUBLIC_URL
 * for anyone else. Nothing a browser sends can point the link at another origin.
 */

const PUBLIC_URL = 'http://localhost:3000';
const PLUG_AND_PLAY = 'https://family.homeward.example';

let t: TestApp;

beforeAll(async () => {
  installValidationMessages();
  t = await buildTestApp({
    publicUrl: PUBLIC_URL,
    signInClients: [
      { kind: 'branded', clientId: 'branded', origins: [PUBLIC_URL] },
      { kind: 'plug-and-play', clientId: 'plug-and-play', origins: [PLUG_AND_PLAY] },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

/** A browser opening the sign-in page of `clientId`, which returns to `origin`. */
async function signInPageOf(clientId: string, origin: string) {
  const jar = new CookieJar();
  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const params = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid',
    redirect_uri: `${origin}/`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'x',
  });
  const started = await t.app.inject({ url: `/connect/auth?${params}` });
  jar.store(started);
  const location = String(started.headers.location);
  expect(location).toMatch(/^\/account\/interaction\/[\w-]+$/);
  const page = await t.app.inject({ url: location, headers: jar.header() });
  expect(page.statusCode).toBe(200);
  return { uid: location.split('/').pop()!, page: page.body };
}

/** Asks for a reset link as the forgot-password form does. */
function forgotPassword(fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/account/forgot-password',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The reset link of the newest e-mail to `email`. */
async function resetLinkSentTo(email: string): Promise<URL> {
  const [mail] = await emailsTo(t.database.db, email);
  const line = mail?.body.split('\n').find((text) => text.includes('/account/reset-password?token='));
  if (!line) throw new Error(`no reset link was sent to ${email}`);
  return new URL(line.trim());
}

describe('the password-reset link', () => {
  it('opens the client whose sign-in form "Forgot password?" was clicked on, and the page works there', async () => {
    const staff = await given(t.database.db).user({ tenantId: (await given(t.database.db).tenant()).id });
    const { uid, page } = await signInPageOf('plug-and-play', PLUG_AND_PLAY);
    const forgotUrl = `/account/forgot-password?interaction=${uid}`;
    expect(page).toContain(`href="${forgotUrl}"`);

    const form = await t.app.inject({ url: forgotUrl });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain(`<input type="hidden" name="interaction" value="${uid}" />`);
    expect(form.body).toContain(`href="${PLUG_AND_PLAY}/"`);

    const sent = await forgotPassword({ email: staff.email, interaction: uid });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(`href="${PLUG_AND_PLAY}/"`);
    const link = await resetLinkSentTo(staff.email);
    expect(link.origin).toBe(PLUG_AND_PLAY);
    // Every client origin is this server: the page the link opens is served here.
    const reset = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('name="token"');
  });

  it('opens the branded client for a household’s person who signs in there', async () => {
    const owner = await registeredHousehold(t);
    const { uid } = await signInPageOf('branded', PUBLIC_URL);
    await forgotPassword({ email: owner.email, interaction: uid });
    expect((await resetLinkSentTo(owner.email)).origin).toBe(PUBLIC_URL);
  });

  it('opens the plug-and-play client for a household’s person, PUBLIC_URL for others, without a sign-in', async () => {
    const owner = await registeredHousehold(t);
    const staff = await given(t.database.db).user({ tenantId: (await given(t.database.db).tenant()).id });
    const form = await t.app.inject({ url: '/account/forgot-password' });
    expect(form.body).not.toContain('name="interaction"');
    // The same page for everyone: it must not tell who has an account, or of which kind.
    expect(form.body).toContain('href="/"');

    await forgotPassword({ email: owner.email });
    await forgotPassword({ email: staff.email });
    expect((await resetLinkSentTo(owner.email)).origin).toBe(PLUG_AND_PLAY);
    expect((await resetLinkSentTo(staff.email)).origin).toBe(PUBLIC_URL);
  });

  it('cannot be pointed elsewhere by what the browser sends', async () => {
    const staff = await given(t.database.db).user({ tenantId: (await given(t.database.db).tenant()).id });
    for (const interaction of ['not-an-interaction', 'https://evil.example', '../x', 'a'.repeat(500)]) {
      const form = await t.app.inject({
        url: `/account/forgot-password?interaction=${encodeURIComponent(interaction)}`,
      });
      expect(form.body).not.toContain('evil.example');
      await t.app.inject({
        method: 'POST',
        url: '/account/forgot-password',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
          host: 'evil.example',
        },
        payload: new URLSearchParams({ email: staff.email, interaction }).toString(),
      });
      expect((await resetLinkSentTo(staff.email)).origin).toBe(PUBLIC_URL);
    }
  });
});
