import { verifyPassword } from '../../platform/auth/password-hasher';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { settings } from '../settings/settings.schema';
import { IDENTITY_SETTING_NAMES } from '../settings/identity-settings';
import { users, userTokens } from '../users/users.schema';
import { hashLinkToken } from '../../platform/auth/link-tokens';
import {
  complete,
  confirmationTokenSentTo,
  emailsTo,
  register,
  registrationBody,
} from './registration-test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://homeward.example' });
});
afterAll(() => t.close());

const fieldErrors = (response: { json(): unknown }) =>
  (response.json() as { error: { validationErrors?: { field: string; message: string }[] } }).error
    .validationErrors ?? [];

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /api/account/pending-registration', () => {
  it('creates an unconfirmed host user, a hashed 24 h token, the e-mail and the security log', async () => {
    const body = registrationBody({ marketingConsent: true });
    const before = Date.now();
    const response = await register(t, body);

    expect(response.statusCode).toBe(201);
    const user = await userByEmail(body.email);
    expect(response.json()).toEqual({ userId: user!.id, email: body.email });
    expect(user).toMatchObject({
      tenantId: null,
      userName: body.userName,
      normalizedUserName: body.userName.toUpperCase(),
      emailConfirmed: false,
      name: 'New User',
      phoneNumber: '4512345678',
      marketingConsent: true,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user!.passwordHash, body.password)).toBe(true);

    const token = await confirmationTokenSentTo(t.database.db, body.email);
    const [stored] = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, user!.id));
    expect(stored).toMatchObject({ purpose: 'email_confirmation', tokenHash: hashLinkToken(token) });
    expect(stored!.tokenHash).not.toContain(token);
    const lifetime = stored!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(23.9 * 3600_000);
    expect(lifetime).toBeLessThan(24.1 * 3600_000);

    const logs = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, user!.id));
    expect(logs.map((log) => [log.action, log.userName])).toEqual([['UserRegistered', body.userName]]);
  });

  it('sends the link on its own line, in English or Danish by Accept-Language', async () => {
    const english = registrationBody();
    await register(t, english, 'en-GB,en;q=0.8');
    const [englishMail] = await emailsTo(t.database.db, english.email);
    expect(englishMail!.subject).toBe('Confirm your Homeward account');
    const token = await confirmationTokenSentTo(t.database.db, english.email);
    expect(englishMail!.body.split('\n')).toContain(
      `https://homeward.example/registration?confirmationToken=${token}`,
    );
    expect(englishMail!.status).toBe('pending');

    const danish = registrationBody();
    await register(t, danish, 'da-DK,da;q=0.9');
    const [danishMail] = await emailsTo(t.database.db, danish.email);
    expect(danishMail!.subject).toBe('Bekræft din Homeward-konto');
    expect(danishMail!.body).toContain('Hej New User');
  });

  it("links to the client the person registered on: a sign-in client's origin, else PUBLIC_URL", async () => {
    const plugAndPlay = t.config.signInClients.find((client) => client.kind === 'plug-and-play')!.origins[0]!;
    const linkSentTo = async (email: string) => {
      const [mail] = await emailsTo(t.database.db, email);
      return new URL(
        mail!.body
          .split('\n')
          .find((line) => line.includes('confirmationToken='))!
          .trim(),
      );
    };

    const onPlugAndPlay = registrationBody();
    expect((await register(t, onPlugAndPlay, 'en', plugAndPlay)).statusCode).toBe(201);
    const link = await linkSentTo(onPlugAndPlay.email);
    expect(link.origin).toBe(plugAndPlay);
    expect(link.pathname).toBe('/registration');

    // An origin no sign-in client has never makes it into a link.
    const elsewhere = registrationBody();
    expect((await register(t, elsewhere, 'en', 'https://evil.example')).statusCode).toBe(201);
    expect((await linkSentTo(elsewhere.email)).origin).toBe('https://homeward.example');
  });

  it('resends the link to the client of the first one, whoever asks, and forgets it on confirming', async () => {
    const plugAndPlay = t.config.signInClients.find((client) => client.kind === 'plug-and-play')!.origins[0]!;
    const links = async (email: string) =>
      (await emailsTo(t.database.db, email)).map(
        (mail) =>
          new URL(
            mail.body
              .split('\n')
              .find((line) => line.includes('confirmationToken='))!
              .trim(),
          ).origin,
      );
    const resendFrom = async (email: string, origin?: string) => {
      const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
      // Past the once-a-minute limit.
      await t.database.db
        .update(userTokens)
        .set({ createdAt: new Date(Date.now() - 61_000) })
        .where(eq(userTokens.userId, user!.id));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/resend-email',
        headers: origin ? { origin } : {},
        payload: { email },
      });
      expect(response.statusCode).toBe(204);
    };

    const onPlugAndPlay = registrationBody();
    await register(t, onPlugAndPlay, 'en', plugAndPlay);
    await resendFrom(onPlugAndPlay.email);
    await resendFrom(onPlugAndPlay.email, 'https://homeward.example');
    expect(await links(onPlugAndPlay.email)).toEqual([plugAndPlay, plugAndPlay, plugAndPlay]);

    const onPublicUrl = registrationBody();
    await register(t, onPublicUrl);
    await resendFrom(onPublicUrl.email, plugAndPlay);
    expect(await links(onPublicUrl.email)).toEqual(['https://homeward.example', 'https://homeward.example']);

    // A kept base the configuration no longer allows is not used.
    const tampered = registrationBody();
    await register(t, tampered, 'en', plugAndPlay);
    await t.database.db
      .update(users)
      .set({ extraProperties: { registrationLinkBase: 'https://evil.example' } })
      .where(eq(users.email, tampered.email));
    await resendFrom(tampered.email);
    expect(new Set(await links(tampered.email))).toEqual(new Set([plugAndPlay, 'https://homeward.example']));

    const confirmed = await complete(t, await confirmationTokenSentTo(t.database.db, onPlugAndPlay.email));
    expect(confirmed.statusCode).toBe(200);
    expect((await userByEmail(onPlugAndPlay.email))!.extraProperties).toEqual({});
  });

  it('refuses a taken user name or e-mail, compared case-insensitively, with field errors', async () => {
    const existing = await given(t.database.db).user();
    const response = await register(
      t,
      registrationBody({ userName: existing.userName.toUpperCase(), email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(fieldErrors(response)).toEqual([
      { field: 'userName', message: 'registration:userNameTaken' },
      { field: 'email', message: 'registration:emailTaken' },
    ]);

    const onlyName = await register(t, registrationBody({ userName: existing.userName }));
    expect(fieldErrors(onlyName)).toEqual([{ field: 'userName', message: 'registration:userNameTaken' }]);
  });

  it('counts the names and addresses of tenant users as taken too (unique system-wide)', async () => {
    const tenant = await given(t.database.db).tenant();
    const tenantUser = await given(t.database.db).user({ tenantId: tenant.id });
    const response = await register(t, registrationBody({ email: tenantUser.email }));
    expect(fieldErrors(response)).toEqual([{ field: 'email', message: 'registration:emailTaken' }]);
  });

  it('names every broken form rule with its translation key, and writes nothing', async () => {
    const body = registrationBody({
      phoneNumber: '45 12-34',
      password: 'homeward!demo',
      confirmPassword: 'something else',
      acceptTerms: false,
      email: 'not-an-address',
    });
    const response = await register(t, body);
    expect(response.statusCode).toBe(400);
    const messages = fieldErrors(response).map((error) => `${error.field}: ${error.message}`);
    expect(messages.sort()).toEqual([
      'acceptTerms: validation.agreementRequired',
      'email: validation.email',
      'password: validation.passwordDigit',
      'password: validation.passwordUppercase',
      'phoneNumber: validation.digitsOnly',
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.userName, body.userName))).toEqual([]);
  });

  it('reports passwords that do not match on confirmPassword', async () => {
    const response = await register(t, registrationBody({ confirmPassword: 'Homeward!Demo2' }));
    expect(fieldErrors(response)).toEqual([
      { field: 'confirmPassword', message: 'validation.passwordsMustMatch' },
    ]);
  });

  it('reports each missing kind of password character', async () => {
    const cases = {
      'HOMEWARD!DEMO1': 'validation.passwordLowercase',
      'Homeward!Demo': 'validation.passwordDigit',
      HomewardDemo1x: 'validation.passwordSpecial',
    };
    for (const [password, key] of Object.entries(cases)) {
      const response = await register(t, registrationBody({ password, confirmPassword: password }));
      expect(fieldErrors(response)).toEqual([{ field: 'password', message: key }]);
    }
  });

  it('takes the password length from the identity settings', async () => {
    const db = t.database.db;
    await db.insert(settings).values({
      name: IDENTITY_SETTING_NAMES.passwordMinLength,
      value: '12',
      providerName: 'G',
    });
    try {
      const short = await register(
        t,
        registrationBody({ password: 'Homeward!D1', confirmPassword: 'Homeward!D1' }),
      );
      expect(fieldErrors(short)).toEqual([
        { field: 'password', message: 'validation.minLength', params: { count: 12 } },
      ]);
      await db
        .update(settings)
        .set({ value: '8' })
        .where(
          and(eq(settings.name, IDENTITY_SETTING_NAMES.passwordMinLength), eq(settings.providerName, 'G')),
        );
      // Shorter than the default minimum (10), allowed by the setting: the route must not refuse it.
      const allowed = await register(
        t,
        registrationBody({ password: 'Home!Dm1', confirmPassword: 'Home!Dm1' }),
      );
      expect(allowed.statusCode).toBe(201);
    } finally {
      await db.delete(settings).where(eq(settings.name, IDENTITY_SETTING_NAMES.passwordMinLength));
    }
  });

  it('requires the fields of the form', async () => {
    const response = await register(t, {});
    const fields = fieldErrors(response)
      .map((error) => error.field)
      .sort();
    expect(fields).toEqual(['acceptTerms', 'confirmPassword', 'email', 'fullName', 'password', 'userName']);
  });
});

describe('API documentation', () => {
  it('documents the registration operations from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = response.json().paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/account/pending-registration',
        '/api/account/complete-registration',
        '/api/account/resend-email',
        '/api/account/invitations/{token}',
      ]),
    );
    const body = JSON.stringify(paths['/api/account/pending-registration']!.post!.requestBody);
    expect(body).toContain('acceptTerms');
    expect(body).toContain('marketingConsent');
  });
});
