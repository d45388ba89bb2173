import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given, type GivenUser } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { users } from '../users/users.schema';
import { createSignInService, type SignInContext } from './sign-in.service';

let database: TestDatabase;
let clock: Date;
const service = () => createSignInService({ db: database.db, now: () => clock });
const context: SignInContext = { clientId: 'branded', ip: '203.0.113.7', userAgent: 'TestBrowser/1.0' };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const actionsOf = async (userId: string) =>
  (
    await database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.userId, userId))
      .orderBy(securityLogs.id)
  ).map((row) => row.action);
const userRow = async (userId: string) =>
  (await database.db.select().from(users).where(eq(users.id, userId)))[0]!;

async function failTimes(user: GivenUser, times: number) {
  for (let i = 0; i < times; i++) await service().verifyPassword(user.userName, 'Wrong-Password1', context);
}

describe('two-factor enrolment', () => {
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(clock.getTime() / 1000) });

  it('offers a fresh secret with an otpauth address for Homeward and the user name', async () => {
    clock = new Date('2026-03-01T10:00:10Z');
    const user = await given(database.db).user({ twoFactorEnabled: true });
    const first = await service().newTwoFactorEnrolment(user.id);
    const second = await service().newTwoFactorEnrolment(user.id);
    expect(first?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(second?.secret).not.toBe(first?.secret);
    const uri = new URL(first!.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/Homeward:${user.userName}`);
    expect(uri.searchParams.get('secret')).toBe(first!.secret);
    expect(uri.searchParams.get('issuer')).toBe('Homeward');
  });

  it('offers no secret to a user who is enrolled already or has two-factor off', async () => {
    const enrolled = await given(database.db).user({ twoFactorEnabled: true, totpSecret: generateSecret() });
    const off = await given(database.db).user();
    expect(await service().newTwoFactorEnrolment(enrolled.id)).toBeUndefined();
    expect(await service().newTwoFactorEnrolment(off.id)).toBeUndefined();
  });

  it('stores the secret on a right code and logs the enrolment and the sign-in', async () => {
    clock = new Date('2026-03-01T10:00:10Z');
    const user = await given(database.db).user({ twoFactorEnabled: true });
    await failTimes(user, 2);
    const secret = generateSecret();

    expect(
      await service().completeTwoFactorEnrolment(user.id, secret, await codeNow(secret), context),
    ).toEqual({
      outcome: 'succeeded',
      userId: user.id,
      tenantId: null,
    });
    expect(await userRow(user.id)).toMatchObject({ totpSecret: secret, accessFailedCount: 0 });
    expect(await actionsOf(user.id)).toEqual([
      'LoginFailed',
      'LoginFailed',
      'TwoFactorEnrolled',
      'LoginSucceeded',
    ]);
  });

  it('counts a wrong code towards the lockout and stores nothing', async () => {
    clock = new Date('2026-03-01T10:00:10Z');
    const user = await given(database.db).user({ twoFactorEnabled: true });
    await failTimes(user, 4);
    const secret = generateSecret();
    const wrong = (await codeNow(secret)) === '000000' ? '111111' : '000000';

    expect(await service().completeTwoFactorEnrolment(user.id, secret, wrong, context)).toEqual({
      outcome: 'invalid_credentials',
    });
    // The fifth failure locked this address out: the right code is refused like a wrong one.
    expect(
      await service().completeTwoFactorEnrolment(user.id, secret, await codeNow(secret), context),
    ).toEqual({ outcome: 'invalid_credentials' });
    expect((await userRow(user.id)).totpSecret).toBeNull();
    expect((await actionsOf(user.id)).slice(-2)).toEqual(['TwoFactorFailed', 'LoginLockedOut']);
  });

  it('never replaces an enrolled secret, nor stores one once two-factor is off', async () => {
    clock = new Date('2026-03-01T10:00:10Z');
    const stored = generateSecret();
    const enrolled = await given(database.db).user({ twoFactorEnabled: true, totpSecret: stored });
    const off = await given(database.db).user();
    const secret = generateSecret();
    const code = await codeNow(secret);

    expect((await service().completeTwoFactorEnrolment(enrolled.id, secret, code, context)).outcome).toBe(
      'invalid_credentials',
    );
    expect((await service().completeTwoFactorEnrolment(off.id, secret, code, context)).outcome).toBe(
      'invalid_credentials',
    );
    expect((await userRow(enrolled.id)).totpSecret).toBe(stored);
    expect((await userRow(off.id)).totpSecret).toBeNull();
    expect(await actionsOf(enrolled.id)).toEqual(['TwoFactorFailed']);
  });

  it('tells a deactivated user so after a right code, without storing the secret', async () => {
    clock = new Date('2026-03-01T10:00:10Z');
    const user = await given(database.db).user({ twoFactorEnabled: true });
    await database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const secret = generateSecret();
    expect(
      await service().completeTwoFactorEnrolment(user.id, secret, await codeNow(secret), context),
    ).toEqual({
      outcome: 'not_allowed',
      reason: 'inactive',
    });
    expect((await userRow(user.id)).totpSecret).toBeNull();
  });
});
