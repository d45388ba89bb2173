import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given, type GivenUser } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { IDENTITY_SETTING_NAMES } from '../settings/identity-settings';
import { settings } from '../settings/settings.schema';
import { users } from '../users/users.schema';
import { createSignInService, type SignInContext } from './sign-in.service';

// The throttling and lockout rules of sign-in-lockout.ts, through the sign-in service.

let database: TestDatabase;
let clock: Date;
const service = () => createSignInService({ db: database.db, now: () => clock });
let addresses = 0;
/** A context from an address no other test used: the address throttle counts across users. */
const fromNewAddress = (): SignInContext => ({
  clientId: 'branded',
  ip: `203.0.113.${++addresses}`,
  userAgent: 'TestBrowser/1.0',
});
let context: SignInContext;
beforeEach(() => {
  context = fromNewAddress();
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const logsOf = (userId: string) =>
  database.db.select().from(securityLogs).where(eq(securityLogs.userId, userId)).orderBy(securityLogs.id);
const actionsOf = async (userId: string) => (await logsOf(userId)).map((row) => row.action);
const userRow = async (userId: string) =>
  (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;
const minutes = (count: number) => count * 60_000;

async function failTimes(user: GivenUser, times: number, from = context) {
  const outcomes = [];
  for (let i = 0; i < times; i++) {
    outcomes.push((await service().verifyPassword(user.userName, 'Wrong-Password1', from)).outcome);
  }
  return outcomes;
}

describe('account lockout', () => {
  it('locks an address out after the 5th failure, answers as a wrong password even for the right one, and lets it in after 5 minutes', async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();

    expect(await failTimes(user, 5)).toEqual(Array(5).fill('invalid_credentials'));
    expect((await userRow(user.id)).accessFailedCount).toBe(5);

    clock = new Date(clock.getTime() + minutes(5) - 1000);
    expect(await service().verifyPassword(user.userName, user.password, context)).toEqual({
      outcome: 'invalid_credentials',
    });
    // The users table holds no lock: that is for administrators (rule 4).
    expect((await userRow(user.id)).lockoutEnd).toBeNull();

    clock = new Date(clock.getTime() + 2000);
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
    expect(await actionsOf(user.id)).toEqual([
      ...Array(5).fill('LoginFailed'),
      'LoginLockedOut',
      'LoginSucceeded',
    ]);
  });

  it("does not lock out the owner at another address: a stranger's failures lock out only the stranger", async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();
    const stranger = fromNewAddress();
    await failTimes(user, 10, stranger);
    expect((await service().verifyPassword(user.userName, user.password, stranger)).outcome).toBe(
      'invalid_credentials',
    );
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });

  it('counts only the failures since the address last proved the password, and a success clears the count', async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();
    await failTimes(user, 4);
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
    expect((await userRow(user.id)).accessFailedCount).toBe(0);
    expect(await failTimes(user, 4)).toEqual(Array(4).fill('invalid_credentials'));
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });

  it('locks out every unfamiliar address once many addresses failed, but not one the owner signed in from', async () => {
    clock = new Date('2026-02-20T08:00:00Z');
    const user = await given(database.db).user();
    const home = fromNewAddress();
    expect((await service().verifyPassword(user.userName, user.password, home)).outcome).toBe('succeeded');

    clock = new Date('2026-03-01T10:00:00Z');
    for (let bot = 0; bot < 3; bot++) await failTimes(user, 5, fromNewAddress());
    await failTimes(user, 4, fromNewAddress());
    // 19 failures: a new address still gets its password checked.
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'succeeded',
    );
    await failTimes(user, 1, fromNewAddress());
    // 20 = 4 × 5: every address the account never signed in from is locked out now.
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'invalid_credentials',
    );
    expect((await service().verifyPassword(user.userName, user.password, home)).outcome).toBe('succeeded');

    clock = new Date(clock.getTime() + minutes(6));
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'succeeded',
    );
  });

  it("locks every address while an administrator's lock lasts, and an unlock lifts the address lock", async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const locked = await given(database.db).user();
    await database.db
      .update(users)
      .set({ lockoutEnd: new Date('2099-01-01T00:00:00Z') })
      .where(eq(users.id, locked.id));
    expect((await service().verifyPassword(locked.userName, locked.password, context)).outcome).toBe(
      'invalid_credentials',
    );

    const user = await given(database.db).user();
    await failTimes(user, 5);
    await database.db.insert(securityLogs).values({
      tenantId: null,
      identity: 'Identity',
      action: 'UserUnlocked',
      userId: user.id,
      createdAt: clock,
    });
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });

  it('ends the lock of the address a password reset came from, as the reset logs it', async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();
    const elsewhere = fromNewAddress();
    await failTimes(user, 5);
    await failTimes(user, 5, elsewhere);
    await database.db.insert(securityLogs).values({
      tenantId: null,
      identity: 'Identity',
      action: 'PasswordReset',
      userId: user.id,
      clientIpAddress: context.ip,
    });
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
    expect((await service().verifyPassword(user.userName, user.password, elsewhere)).outcome).toBe(
      'invalid_credentials',
    );
  });

  it("follows the tenant's lockout settings", async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const tenant = await given(database.db).tenant();
    await database.db.insert(settings).values([
      {
        name: IDENTITY_SETTING_NAMES.lockoutMaxFailedAttempts,
        value: '2',
        providerName: 'T',
        providerKey: tenant.id,
      },
      {
        name: IDENTITY_SETTING_NAMES.lockoutDurationMinutes,
        value: '30',
        providerName: 'T',
        providerKey: tenant.id,
      },
    ]);
    const user = await given(database.db).user({ tenantId: tenant.id });
    await failTimes(user, 2);
    clock = new Date(clock.getTime() + minutes(29));
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe(
      'invalid_credentials',
    );
    clock = new Date(clock.getTime() + minutes(2));
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });

  it('never locks a user whose lockout is disabled', async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();
    await database.db.update(users).set({ lockoutEnabled: false }).where(eq(users.id, user.id));
    expect(await failTimes(user, 6)).toEqual(Array(6).fill('invalid_credentials'));
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });
});

describe('the address throttle', () => {
  it('refuses an address after 30 charged attempts in 15 minutes, before any password, until the oldest leaves the window', async () => {
    clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(database.db).user();
    const other = await given(database.db).user();
    // Unknown names, wrong passwords and refused attempts all count, whatever the account.
    for (let i = 0; i < 10; i++) await service().verifyPassword(`nobody.${i}`, 'Wrong-Password1', context);
    await failTimes(other, 10);
    clock = new Date(clock.getTime() + minutes(5));
    await failTimes(other, 10);

    expect(await service().verifyPassword(user.userName, user.password, context)).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: 10 * 60,
    });
    expect(await service().verifyTwoFactor(user.id, '123456', context)).toMatchObject({
      outcome: 'throttled',
    });
    // Refused before the password: nothing about the account was looked at or logged.
    expect(await actionsOf(user.id)).toEqual([]);
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'succeeded',
    );

    // The first 10 leave the window at 10:15; then 20 count, and the address may try again.
    clock = new Date('2026-03-01T10:15:00Z');
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe('succeeded');
  });
});
