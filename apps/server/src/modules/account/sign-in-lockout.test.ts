import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { given } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { IDENTITY_SETTING_NAMES } from '../settings/identity-settings';
import { settings } from '../settings/settings.schema';
import { users } from '../users/users.schema';
import { signInTestBench } from './sign-in.test-support';

// The throttling and lockout rules of sign-in-lockout.ts, through the sign-in service.

const bench = signInTestBench();
const { service, fromNewAddress, actionsOf, userRow, failTimes } = bench;
const minutes = (count: number) => count * 60_000;

describe('account lockout', () => {
  it('locks an address out after the 5th failure, answers as a wrong password even for the right one, and lets it in after 5 minutes', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();

    expect(await failTimes(user, 5)).toEqual(Array(5).fill('invalid_credentials'));
    expect((await userRow(user.id)).accessFailedCount).toBe(5);

    bench.clock = new Date(bench.clock.getTime() + minutes(5) - 1000);
    expect(await service().verifyPassword(user.userName, user.password, bench.context)).toEqual({
      outcome: 'invalid_credentials',
    });
    // The users table holds no lock: that is for administrators (rule 4).
    expect((await userRow(user.id)).lockoutEnd).toBeNull();

    bench.clock = new Date(bench.clock.getTime() + 2000);
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
    expect(await actionsOf(user.id)).toEqual([
      ...Array(5).fill('LoginFailed'),
      'LoginLockedOut',
      'LoginSucceeded',
    ]);
  });

  it("does not lock out the owner at another address: a stranger's failures lock out only the stranger", async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    const stranger = fromNewAddress();
    await failTimes(user, 10, stranger);
    expect((await service().verifyPassword(user.userName, user.password, stranger)).outcome).toBe(
      'invalid_credentials',
    );
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });

  it('counts only the failures since the address last proved the password, and a success clears the count', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    await failTimes(user, 4);
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
    expect((await userRow(user.id)).accessFailedCount).toBe(0);
    expect(await failTimes(user, 4)).toEqual(Array(4).fill('invalid_credentials'));
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });

  it('locks out every unfamiliar address once many addresses failed, but not one the owner signed in from', async () => {
    bench.clock = new Date('2026-02-20T08:00:00Z');
    const user = await given(bench.database.db).user();
    const home = fromNewAddress();
    expect((await service().verifyPassword(user.userName, user.password, home)).outcome).toBe('succeeded');

    bench.clock = new Date('2026-03-01T10:00:00Z');
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

    bench.clock = new Date(bench.clock.getTime() + minutes(6));
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'succeeded',
    );
  });

  it("locks every address while an administrator's lock lasts, and an unlock lifts the address lock", async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const locked = await given(bench.database.db).user();
    await bench.database.db
      .update(users)
      .set({ lockoutEnd: new Date('2099-01-01T00:00:00Z') })
      .where(eq(users.id, locked.id));
    expect((await service().verifyPassword(locked.userName, locked.password, bench.context)).outcome).toBe(
      'invalid_credentials',
    );

    const user = await given(bench.database.db).user();
    await failTimes(user, 5);
    await bench.database.db.insert(securityLogs).values({
      tenantId: null,
      identity: 'Identity',
      action: 'UserUnlocked',
      userId: user.id,
      createdAt: bench.clock,
    });
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });

  it('ends the lock of the address a password reset came from, as the reset logs it', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    const elsewhere = fromNewAddress();
    await failTimes(user, 5);
    await failTimes(user, 5, elsewhere);
    await bench.database.db.insert(securityLogs).values({
      tenantId: null,
      identity: 'Identity',
      action: 'PasswordReset',
      userId: user.id,
      clientIpAddress: bench.context.ip,
    });
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
    expect((await service().verifyPassword(user.userName, user.password, elsewhere)).outcome).toBe(
      'invalid_credentials',
    );
  });

  it("follows the tenant's lockout settings", async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const tenant = await given(bench.database.db).tenant();
    await bench.database.db.insert(settings).values([
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
    const user = await given(bench.database.db).user({ tenantId: tenant.id });
    await failTimes(user, 2);
    bench.clock = new Date(bench.clock.getTime() + minutes(29));
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'invalid_credentials',
    );
    bench.clock = new Date(bench.clock.getTime() + minutes(2));
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });

  it('never locks a user whose lockout is disabled', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    await bench.database.db.update(users).set({ lockoutEnabled: false }).where(eq(users.id, user.id));
    expect(await failTimes(user, 6)).toEqual(Array(6).fill('invalid_credentials'));
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });
});

describe('the address throttle', () => {
  it('refuses an address after 30 charged attempts in 15 minutes, before any password, until the oldest leaves the window', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    const other = await given(bench.database.db).user();
    // Unknown names, wrong passwords and refused attempts all count, whatever the account.
    for (let i = 0; i < 10; i++)
      await service().verifyPassword(`nobody.${i}`, 'Wrong-Password1', bench.context);
    await failTimes(other, 10);
    bench.clock = new Date(bench.clock.getTime() + minutes(5));
    await failTimes(other, 10);

    expect(await service().verifyPassword(user.userName, user.password, bench.context)).toEqual({
      outcome: 'throttled',
      retryAfterSeconds: 10 * 60,
    });
    expect(await service().verifyTwoFactor(user.id, '123456', bench.context)).toMatchObject({
      outcome: 'throttled',
    });
    // Refused before the password: nothing about the account was looked at or logged.
    expect(await actionsOf(user.id)).toEqual([]);
    expect((await service().verifyPassword(user.userName, user.password, fromNewAddress())).outcome).toBe(
      'succeeded',
    );

    // The first 10 leave the window at 10:15; then 20 count, and the address may try again.
    bench.clock = new Date('2026-03-01T10:15:00Z');
    expect((await service().verifyPassword(user.userName, user.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });
});
