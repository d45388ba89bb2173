import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selectRows, type Database } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { users } from '../users/users.schema';
import { loadAccountTexts, type AccountTexts } from './account-texts';
import { phoneSignInCodes } from './phone-sign-in.schema';
import { createPhoneSignInService } from './phone-sign-in.service';
import { givePhoneNumber, latestCodeSentTo, smsTo, uniquePhoneNumber } from './phone-sign-in.test-support';
import type { SignInContext } from './sign-in.service';

let database: TestDatabase;
let texts: AccountTexts;
let clock: Date;
let context: SignInContext;
let addresses = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  texts = await loadAccountTexts();
});
afterAll(async () => {
  await database.drop();
});
beforeEach(() => {
  clock = new Date('2026-11-26T10:00:00Z');
  // An address per test: the per-address limits count across numbers.
  context = { clientId: 'branded', ip: `198.51.100.${++addresses}`, userAgent: 'TestBrowser/1.0' };
});

const service = () => createPhoneSignInService({ db: database.db, texts, now: () => clock });
const later = (minutes: number) => new Date(clock.getTime() + minutes * 60_000);

async function userWithPhone(options: Parameters<ReturnType<typeof given>['user']>[0] = {}) {
  const user = await given(database.db).user(options);
  const phone = uniquePhoneNumber();
  await givePhoneNumber(database.db, user.id, phone.stored);
  return { ...user, phone: phone.e164 };
}

const actionsOf = async (userId: string) =>
  (
    await database.db
      .select({ action: securityLogs.action })
      .from(securityLogs)
      .where(eq(securityLogs.userId, userId))
      .orderBy(securityLogs.createdAt, securityLogs.id)
  ).map((row) => row.action);

const actionsFor = async (phoneNumber: string) =>
  (
    await database.db
      .select({ action: securityLogs.action })
      .from(securityLogs)
      .where(eq(securityLogs.userName, phoneNumber))
      .orderBy(securityLogs.createdAt, securityLogs.id)
  ).map((row) => row.action);

describe('asking for a phone sign-in code', () => {
  it('sends six digits by SMS to the account with the number, and keeps only a hash of them', async () => {
    const user = await userWithPhone();
    expect(await service().requestCode(user.phone, 'da', context)).toEqual({ outcome: 'sent' });

    const [sms] = await smsTo(database.db, user.phone);
    expect(sms).toMatchObject({ channel: 'sms', status: 'pending', tenantId: null });
    expect(sms!.body).toMatch(/^\d{6} er din login-kode til Homeward\. Den virker én gang, i 5 minutter\./);
    const code = await latestCodeSentTo(database.db, user.phone);

    const [row] = await database.db
      .select()
      .from(phoneSignInCodes)
      .where(eq(phoneSignInCodes.userId, user.id));
    expect(row).toMatchObject({ phoneNumber: user.phone, failedAttempts: 0, consumedAt: null });
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(5 * 60_000);
    expect(await actionsOf(user.id)).toEqual(['PhoneCodeSent']);
  });

  it('finds the account whichever way its number is stored or typed', async () => {
    const user = await given(database.db).user();
    const phone = uniquePhoneNumber();
    // Stored without the country code; typed with it.
    await givePhoneNumber(database.db, user.id, phone.stored.slice(0, 8));
    await service().requestCode(phone.e164, 'en', context);
    expect(await smsTo(database.db, phone.e164)).toHaveLength(1);
  });

  it('answers the same for a number without an account, and sends nothing', async () => {
    const unknown = uniquePhoneNumber().e164;
    const inactive = await userWithPhone();
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));
    const unconfirmed = await userWithPhone({ emailConfirmed: false });

    for (const phoneNumber of [unknown, inactive.phone, unconfirmed.phone]) {
      expect(await service().requestCode(phoneNumber, 'en', context)).toEqual({ outcome: 'sent' });
      expect(await smsTo(database.db, phoneNumber)).toEqual([]);
      expect(await actionsFor(phoneNumber)).toEqual(['PhoneCodeNotSent']);
    }
  });

  it('sends nothing when two accounts share the number (whose sign-in would it be?)', async () => {
    const first = await userWithPhone();
    const second = await given(database.db).user();
    await givePhoneNumber(database.db, second.id, first.phone.slice(1));
    await service().requestCode(first.phone, 'en', context);
    expect(await smsTo(database.db, first.phone)).toEqual([]);
  });

  it('limits codes per number, known or not, with a retry time, and logs the refusal', async () => {
    const user = await userWithPhone();
    const unknown = uniquePhoneNumber().e164;
    for (const phoneNumber of [user.phone, unknown]) {
      for (let i = 0; i < 3; i++) {
        expect((await service().requestCode(phoneNumber, 'en', context)).outcome).toBe('sent');
        clock = later(1);
      }
      expect(await service().requestCode(phoneNumber, 'en', context)).toEqual({
        outcome: 'throttled',
        // The first of the three leaves the 15-minute window 12 minutes from now.
        retryAfterSeconds: 12 * 60,
      });
      expect((await actionsFor(phoneNumber)).at(-1)).toBe('PhoneCodeThrottled');
      clock = new Date('2026-11-26T10:00:00Z');
    }
    expect(await smsTo(database.db, user.phone)).toHaveLength(3);

    clock = later(16);
    expect((await service().requestCode(user.phone, 'en', context)).outcome).toBe('sent');
  });

  it('limits codes per address across numbers', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await service().requestCode(uniquePhoneNumber().e164, 'en', context)).outcome).toBe('sent');
    }
    const refused = await service().requestCode(uniquePhoneNumber().e164, 'en', context);
    expect(refused).toMatchObject({ outcome: 'throttled' });
    // Another address is not affected.
    const elsewhere = { ...context, ip: '192.0.2.200' };
    expect((await service().requestCode(uniquePhoneNumber().e164, 'en', elsewhere)).outcome).toBe('sent');
  });
});

describe('signing in with a phone code', () => {
  async function codeFor(user: { phone: string }) {
    await service().requestCode(user.phone, 'en', context);
    return latestCodeSentTo(database.db, user.phone);
  }

  it('signs in with the right code once, and refuses it the second time', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user);
    clock = later(4);
    expect(await service().verifyCode(user.phone, code, context)).toEqual({
      outcome: 'succeeded',
      userId: user.id,
      tenantId: null,
    });
    expect(await service().verifyCode(user.phone, code, context)).toEqual({ outcome: 'reused_code' });
    expect(await actionsOf(user.id)).toEqual([
      'PhoneCodeSent',
      'PhoneCodeAccepted',
      'LoginSucceeded',
      'PhoneCodeReused',
    ]);
  });

  it('refuses a code after its five minutes', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user);
    clock = later(5);
    expect(await service().verifyCode(user.phone, code, context)).toEqual({ outcome: 'expired_code' });
    expect(await actionsOf(user.id)).toEqual(['PhoneCodeSent', 'PhoneCodeExpired']);
  });

  it('refuses a wrong code, and ends the code after three wrong ones', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 3; i++) {
      expect(await service().verifyCode(user.phone, wrong, context)).toEqual({ outcome: 'invalid_code' });
    }
    expect(await service().verifyCode(user.phone, code, context)).toEqual({ outcome: 'invalid_code' });
    expect(await actionsOf(user.id)).toEqual(['PhoneCodeSent', ...Array(4).fill('PhoneCodeFailed')]);

    // A new code works.
    expect((await service().verifyCode(user.phone, await codeFor(user), context)).outcome).toBe('succeeded');
  });

  it('refuses any code for a number without an account, like a wrong one', async () => {
    const unknown = uniquePhoneNumber().e164;
    await service().requestCode(unknown, 'en', context);
    expect(await service().verifyCode(unknown, '123456', context)).toEqual({ outcome: 'invalid_code' });
    expect(await actionsFor(unknown)).toEqual(['PhoneCodeNotSent', 'PhoneCodeFailed']);
  });

  it('charges wrong codes to the address, whose budget then refuses every attempt', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user);
    // 30 charged attempts from this address in the window (sign-in-lockout.ts rule 1).
    for (let i = 0; i < 30; i++) await service().verifyCode(uniquePhoneNumber().e164, '000000', context);
    const refused = await service().verifyCode(user.phone, code, context);
    expect(refused).toMatchObject({ outcome: 'throttled' });
    expect((await actionsFor(user.phone)).at(-1)).toBe('PhoneCodeThrottled');
  });

  it('still asks a user with two-factor for the authenticator code', async () => {
    const user = await userWithPhone({ twoFactorEnabled: true, totpSecret: 'JBSWY3DPEHPK3PXP' });
    const result = await service().verifyCode(user.phone, await codeFor(user), context);
    expect(result).toEqual({ outcome: 'requires_two_factor', userId: user.id, tenantId: null });
    expect((await actionsOf(user.id)).slice(-2)).toEqual(['PhoneCodeAccepted', 'LoginRequiresTwoFactor']);
  });

  it('refuses the code of a number that moved to another account since it was sent', async () => {
    const user = await userWithPhone();
    const code = await codeFor(user);
    await givePhoneNumber(database.db, user.id, '4599999999');
    expect(await service().verifyCode(user.phone, code, context)).toEqual({ outcome: 'invalid_code' });
  });
});

describe('phone sign-in codes and tenants', () => {
  /** Reads the code table as an API request of `tenantId` would (request role, one tenant). */
  function codesSeenBy(tenantId: string) {
    return database.db.transaction(async (tx: Database) => {
      await tx.execute(
        sql`select set_config('app.tenant_scope', 'tenant', true), set_config('app.tenant_id', ${tenantId}, true)`,
      );
      await tx.execute(sql.raw('set local role homeward_app'));
      return selectRows<{ user_id: string }>(tx, sql`select user_id from phone_sign_in_codes`);
    });
  }

  it("keeps a tenant user's codes in their tenant: another tenant sees none of them", async () => {
    const g = given(database.db);
    const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
    const user = await userWithPhone({ tenantId: tenantA.id });
    await service().requestCode(user.phone, 'en', context);
    const [sms] = await smsTo(database.db, user.phone);
    expect(sms!.tenantId).toBe(tenantA.id);

    expect((await codesSeenBy(tenantA.id)).map((row) => row.user_id)).toEqual([user.id]);
    expect(await codesSeenBy(tenantB.id)).toEqual([]);
  });
});
