import { createHash } from 'node:crypto';
import { installValidationMessages } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/auth/password-hasher';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { DomainError } from '../../platform/errors/domain-error';
import { outbox } from '../../platform/outbox/outbox.schema';
import { given } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { IDENTITY_SETTING_NAMES } from '../settings/identity-settings';
import { settings } from '../settings/settings.schema';
import { tenants } from '../tenants/tenants.schema';
import { users, userTokens } from '../users/users.schema';
import { loadAccountTexts, type AccountTexts } from './account-texts';
import { createPasswordResetService, resetLinkBase } from './password-reset.service';

const PUBLIC_URL = 'https://care.example.com';
const PLUG_AND_PLAY = 'https://family.example.com';
const NEW_PASSWORD = 'Brand-New-Pass9';
const links = {
  publicUrl: PUBLIC_URL,
  signInClients: [
    { kind: 'branded' as const, clientId: 'branded', origins: [PUBLIC_URL, 'https://kommune.example.com'] },
    { kind: 'plug-and-play' as const, clientId: 'plug-and-play', origins: [PLUG_AND_PLAY] },
  ],
};

let database: TestDatabase;
let texts: AccountTexts;
let clock: Date;
const service = () => createPasswordResetService({ db: database.db, links, texts, now: () => clock });
const context = { ip: '198.51.100.4', userAgent: 'TestBrowser/2.0' };

beforeAll(async () => {
  installValidationMessages();
  database = await createTestDatabase();
  texts = await loadAccountTexts();
});
afterAll(async () => {
  await database.drop();
});

const mailsTo = (email: string) => database.db.select().from(outbox).where(eq(outbox.recipient, email));
const actionsOf = async (userId: string) =>
  (await database.db.select().from(securityLogs).where(eq(securityLogs.userId, userId))).map(
    (row) => row.action,
  );
const userRow = async (userId: string) =>
  (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;

/** The token from the link, which stands on its own line of the e-mail (at `base`). */
function tokenFromMail(body: string, base = PUBLIC_URL): string {
  const line = body.split('\n').find((text) => text.startsWith(`${base}/account/reset-password?token=`));
  expect(line).toBeDefined();
  return new URL(line!).searchParams.get('token')!;
}

async function requestToken(email: string, language: 'en' | 'da' = 'en') {
  await service().requestPasswordReset(email, language, context);
  const mails = await mailsTo(email);
  return tokenFromMail(mails.at(-1)!.body);
}

async function resetError(token: string, password: string) {
  try {
    await service().resetPassword(token, password, context);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).validationErrors;
  }
  throw new Error('expected the reset to fail');
}

describe('requestPasswordReset', () => {
  it('mails a one-hour link in the chosen language and stores only the hash of its token', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const tenant = await given(database.db).tenant();
    const user = await given(database.db).user({ tenantId: tenant.id });

    await service().requestPasswordReset(user.email.toUpperCase(), 'da', context);

    const [mail] = await mailsTo(user.email);
    expect(mail).toMatchObject({
      tenantId: tenant.id,
      channel: 'email',
      subject: 'Nulstil din adgangskode til Homeward',
    });
    expect(mail!.body).toContain(`Hej ${user.userName}`);
    const token = tokenFromMail(mail!.body);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [stored] = await database.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored).toMatchObject({
      purpose: 'password_reset',
      tenantId: tenant.id,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date('2026-04-01T09:00:00Z'),
      consumedAt: null,
    });
    expect(await actionsOf(user.id)).toEqual(['PasswordResetRequested']);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = await database.db.select().from(outbox);
    await expect(
      service().requestPasswordReset('nobody@example.com', 'en', context),
    ).resolves.toBeUndefined();
    expect(await database.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('writes the e-mail in English when asked', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const user = await given(database.db).user();
    await service().requestPasswordReset(user.email, 'en', context);
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe('Reset your Homeward password');
    expect(mail!.body).toContain('60 minutes');
  });
});

describe('the reset link’s client', () => {
  it('is the sign-in interaction’s client when it is a configured one', () => {
    for (const tenantKind of ['household', 'organization', null] as const) {
      expect(resetLinkBase({ clientOrigin: 'https://kommune.example.com', tenantKind }, links)).toBe(
        'https://kommune.example.com',
      );
      expect(resetLinkBase({ clientOrigin: PLUG_AND_PLAY, tenantKind }, links)).toBe(PLUG_AND_PLAY);
    }
  });

  it('is otherwise the plug-and-play client for a household’s person, PUBLIC_URL for anyone else', () => {
    expect(resetLinkBase({ tenantKind: 'household' }, links)).toBe(PLUG_AND_PLAY);
    expect(resetLinkBase({ tenantKind: 'organization' }, links)).toBe(PUBLIC_URL);
    expect(resetLinkBase({ tenantKind: null }, links)).toBe(PUBLIC_URL);
  });

  it('never is an origin no sign-in client has', () => {
    for (const clientOrigin of ['https://evil.example', `${PLUG_AND_PLAY}/`, 'null', '']) {
      expect(resetLinkBase({ clientOrigin, tenantKind: 'organization' }, links)).toBe(PUBLIC_URL);
      expect(resetLinkBase({ clientOrigin, tenantKind: 'household' }, links)).toBe(PLUG_AND_PLAY);
    }
    expect(service().signInAddress('https://evil.example')).toBe('/');
    expect(service().signInAddress(PLUG_AND_PLAY)).toBe(`${PLUG_AND_PLAY}/`);
  });

  it('is mailed to a household’s person on the plug-and-play client, and to others on PUBLIC_URL', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const [household] = await database.db
      .insert(tenants)
      .values({ name: `Household ${Date.now()}`, kind: 'household' })
      .returning({ id: tenants.id });
    const member = await given(database.db).user({ tenantId: household!.id });
    const staff = await given(database.db).user({ tenantId: (await given(database.db).tenant()).id });

    await service().requestPasswordReset(member.email, 'en', {
      ...context,
      clientOrigin: 'https://evil.example',
    });
    await service().requestPasswordReset(staff.email, 'en', context);

    expect(tokenFromMail((await mailsTo(member.email))[0]!.body, PLUG_AND_PLAY)).toBeTruthy();
    expect(tokenFromMail((await mailsTo(staff.email))[0]!.body, PUBLIC_URL)).toBeTruthy();
  });
});

describe('resetPassword', () => {
  it('sets the new password, renews the security stamp, ends a lockout and logs PasswordReset', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const user = await given(database.db).user();
    await database.db
      .update(users)
      .set({ lockoutEnd: new Date('2026-04-01T09:00:00Z'), accessFailedCount: 3 })
      .where(eq(users.id, user.id));
    const before = await userRow(user.id);
    const token = await requestToken(user.email);

    clock = new Date('2026-04-01T08:30:00Z');
    await service().resetPassword(token, NEW_PASSWORD, context);

    const after = await userRow(user.id);
    expect(await verifyPassword(after.passwordHash, NEW_PASSWORD)).toBe(true);
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.securityStamp).not.toBe(before.securityStamp);
    expect(after).toMatchObject({ lockoutEnd: null, accessFailedCount: 0 });
    expect(await actionsOf(user.id)).toEqual(['PasswordResetRequested', 'PasswordReset']);
  });

  it('accepts a token once only, and voids the other links of the user', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const user = await given(database.db).user();
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    await service().resetPassword(second, NEW_PASSWORD, context);

    const invalid = [{ field: 'token', message: 'account:resetPassword.linkInvalid' }];
    expect(await resetError(second, 'Another-Pass9!')).toEqual(invalid);
    expect(await resetError(first, 'Another-Pass9!')).toEqual(invalid);
    expect(await service().resetTokenPolicy(first)).toBeUndefined();
  });

  it('refuses an expired or unknown token', async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const user = await given(database.db).user();
    const token = await requestToken(user.email);
    expect(await service().resetTokenPolicy(token)).toEqual({ minLength: 10, maxLength: 100 });

    clock = new Date('2026-04-01T09:00:01Z');
    expect(await service().resetTokenPolicy(token)).toBeUndefined();
    expect(await resetError(token, NEW_PASSWORD)).toEqual([
      { field: 'token', message: 'account:resetPassword.linkInvalid' },
    ]);
    expect(await resetError('not-a-token', NEW_PASSWORD)).toHaveLength(1);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, user.password)).toBe(true);
  });

  it("checks the tenant's password policy and keeps the token usable after a weak password", async () => {
    clock = new Date('2026-04-01T08:00:00Z');
    const tenant = await given(database.db).tenant();
    await database.db.insert(settings).values({
      name: IDENTITY_SETTING_NAMES.passwordMinLength,
      value: '16',
      providerName: 'T',
      providerKey: tenant.id,
    });
    const user = await given(database.db).user({ tenantId: tenant.id });
    const token = await requestToken(user.email);
    expect((await service().resetTokenPolicy(token))?.minLength).toBe(16);

    expect(await resetError(token, 'short')).toEqual([
      { field: 'password', message: 'validation.minLength', params: { count: 16 } },
      { field: 'password', message: 'validation.passwordUppercase' },
      { field: 'password', message: 'validation.passwordDigit' },
      { field: 'password', message: 'validation.passwordSpecial' },
    ]);
    expect(await resetError(token, NEW_PASSWORD)).toEqual([
      { field: 'password', message: 'validation.minLength', params: { count: 16 } },
    ]);
    await service().resetPassword(token, 'Long-Enough-Pass9', context);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, 'Long-Enough-Pass9')).toBe(true);
  });
});
