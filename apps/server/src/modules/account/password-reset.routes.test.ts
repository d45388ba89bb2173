import { installValidationMessages } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/password-hasher';
import { loadConfig } from '../../platform/config/config';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { outbox } from '../../platform/outbox/outbox.schema';
import { given } from '../../test/given';
import { users } from '../users/users.schema';
import { accountRoutes } from './account.routes';
import { createSignInService } from './sign-in.service';

const PUBLIC_URL = 'https://care.example.com';
let database: TestDatabase;
let app: FastifyInstance;

// Only the account plugin on a real database: these pages do not touch the OpenID provider.
beforeAll(async () => {
  installValidationMessages();
  database = await createTestDatabase();
  app = Fastify();
  await app.register(accountRoutes, {
    provider: undefined as never,
    signIn: createSignInService({ db: database.db }),
    config: loadConfig({ PUBLIC_URL, NODE_ENV: 'test' }),
    database,
  });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const form = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

async function mailedToken(email: string): Promise<string> {
  const mails = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
  const link = mails
    .at(-1)!
    .body.split('\n')
    .find((line) => line.startsWith(PUBLIC_URL))!;
  return new URL(link).searchParams.get('token')!;
}

describe('forgot password page', () => {
  it('renders an uncached, unframeable English page by default', async () => {
    const response = await app.inject({ url: '/account/forgot-password' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('Forgot your password?');
    expect(response.body).toContain('<form method="post" action="/account/forgot-password"');
    expect(response.body).toContain('href="/account/forgot-password?lng=da"');
  });

  it('speaks Danish from ?lng=, remembers it in a cookie, and the cookie beats Accept-Language', async () => {
    const picked = await app.inject({ url: '/account/forgot-password?lng=da' });
    expect(picked.body).toContain('<html lang="da">');
    expect(picked.body).toContain('Glemt din adgangskode?');
    expect(picked.cookies).toContainEqual(expect.objectContaining({ name: 'lng', value: 'da', path: '/' }));

    const remembered = await app.inject({
      url: '/account/forgot-password',
      headers: { cookie: 'lng=da', 'accept-language': 'en' },
    });
    expect(remembered.body).toContain('<html lang="da">');

    const fromHeader = await app.inject({
      url: '/account/forgot-password',
      headers: { 'accept-language': 'da-DK,da;q=0.9' },
    });
    expect(fromHeader.body).toContain('<html lang="da">');
  });

  it('shows a field error for an invalid address and escapes what was typed', async () => {
    const response = await form('/account/forgot-password', { email: '"><script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a valid e-mail address.');
    expect(response.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('aria-invalid="true"');
  });

  it('answers alike for known and unknown addresses, and mails only the known one', async () => {
    const user = await given(database.db).user();
    const known = await form('/account/forgot-password', { email: user.email });
    const unknown = await form('/account/forgot-password', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body.replace(user.email, 'X')).toBe(unknown.body.replace('nobody@example.com', 'X'));
    expect(known.body).toContain('Check your e-mail');
    expect(await mailedToken(user.email)).toMatch(/^[\w-]{43}$/);
    expect(await database.db.select().from(outbox).where(eq(outbox.recipient, 'nobody@example.com'))).toEqual(
      [],
    );
  });
});

describe('reset password page', () => {
  it('refuses an unknown link with a way to ask for a new one', async () => {
    const response = await app.inject({ url: '/account/reset-password?token=nope' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('This link is invalid, has already been used or has expired.');
    expect(response.body).toContain('href="/account/forgot-password"');
  });

  it('shows policy errors per field in Danish, then sets the password and ends with a link home', async () => {
    const user = await given(database.db).user();
    await form('/account/forgot-password', { email: user.email }, { cookie: 'lng=da' });
    const token = await mailedToken(user.email);

    const page = await app.inject({ url: `/account/reset-password?token=${token}&lng=da` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(new RegExp(`<input type="hidden" name="token" value="${token}"`));
    expect(page.body).toContain('Mindst 10 tegn');
    expect(page.body).toContain(`href="/account/reset-password?token=${token}&amp;lng=en"`);

    const weak = await form(
      '/account/reset-password',
      { token, password: 'weakpass', confirmPassword: 'different' },
      { cookie: 'lng=da' },
    );
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toMatch(/id="field-password-error">\s*Brug mindst 10 tegn\./);
    expect(weak.body).toContain('Tilføj mindst ét stort bogstav.');
    expect(weak.body).toContain(
      '<p class="field-error" id="field-confirmPassword-error">Adgangskoderne er ikke ens.</p>',
    );

    const done = await form('/account/reset-password', {
      token,
      password: 'Fresh-Password7',
      confirmPassword: 'Fresh-Password7',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password has been changed');
    expect(done.body).toMatch(/<a class="button" href="\/">/);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row!.passwordHash, 'Fresh-Password7')).toBe(true);

    const again = await form('/account/reset-password', {
      token,
      password: 'Other-Password7',
      confirmPassword: 'Other-Password7',
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link is invalid');
  });
});

describe('account assets', () => {
  it('serves the Montserrat files the pages use, and nothing else', async () => {
    const font = await app.inject({ url: '/account/assets/montserrat-latin-400-normal.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect((await app.inject({ url: '/account/assets/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/account/assets/montserrat-latin-100-normal.woff2' })).statusCode).toBe(
      404,
    );
  });
});
