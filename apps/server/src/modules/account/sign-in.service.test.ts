import { FEATURE_NAMES } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { describe, expect, it } from 'vitest';
import { given } from '../../test/given';
import { securityLogs } from '../security-logs/security-logs.schema';
import { IDENTITY_SETTING_NAMES } from '../settings/identity-settings';
import { settings } from '../settings/settings.schema';
import { tenantFeatures } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';
import { signInTestBench } from './sign-in.test-support';

const bench = signInTestBench();
const { service, logsOf, actionsOf, userRow, failTimes } = bench;

describe('verifyPassword', () => {
  it('signs in by user name or e-mail in any case, and logs LoginSucceeded with who, where and how', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const tenant = await given(bench.database.db).tenant();
    const user = await given(bench.database.db).user({ tenantId: tenant.id });

    expect(await service().verifyPassword(user.userName.toUpperCase(), user.password, bench.context)).toEqual(
      {
        outcome: 'succeeded',
        userId: user.id,
        tenantId: tenant.id,
      },
    );
    expect(
      (await service().verifyPassword(`  ${user.email.toUpperCase()} `, user.password, bench.context))
        .outcome,
    ).toBe('succeeded');

    const [first] = await logsOf(user.id);
    expect(first).toMatchObject({
      tenantId: tenant.id,
      action: 'LoginSucceeded',
      identity: 'Identity',
      userId: user.id,
      userName: user.userName,
      clientId: 'branded',
      clientIpAddress: bench.context.ip,
      browserInfo: 'TestBrowser/1.0',
    });
    expect(await actionsOf(user.id)).toEqual(['LoginSucceeded', 'LoginSucceeded']);
  });

  it('answers an unknown user exactly like a wrong password, and logs the attempted name', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const user = await given(bench.database.db).user();
    const unknown = await service().verifyPassword('nobody.here', user.password, bench.context);
    const wrong = await service().verifyPassword(user.userName, 'Wrong-Password1', bench.context);
    expect(unknown).toEqual({ outcome: 'invalid_credentials' });
    expect(wrong).toEqual(unknown);

    const rows = await bench.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.userName, 'nobody.here'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'LoginFailed', userId: null, tenantId: null });
    expect(await actionsOf(user.id)).toEqual(['LoginFailed']);
    expect((await userRow(user.id)).accessFailedCount).toBe(1);
  });

  it('refuses an unconfirmed e-mail and an inactive user, but only with the right password', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const unconfirmed = await given(bench.database.db).user({ emailConfirmed: false });
    const inactive = await given(bench.database.db).user();
    await bench.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id));

    expect(await service().verifyPassword(unconfirmed.userName, unconfirmed.password, bench.context)).toEqual(
      {
        outcome: 'not_allowed',
        reason: 'email_not_confirmed',
      },
    );
    expect(await service().verifyPassword(inactive.userName, inactive.password, bench.context)).toEqual({
      outcome: 'not_allowed',
      reason: 'inactive',
    });
    expect(
      (await service().verifyPassword(inactive.userName, 'Wrong-Password1', bench.context)).outcome,
    ).toBe('invalid_credentials');
    expect(await actionsOf(unconfirmed.id)).toEqual(['LoginNotAllowed']);
    expect(await actionsOf(inactive.id)).toEqual(['LoginNotAllowed', 'LoginFailed']);
  });

  it('asks for a code when a secret is enrolled, and for enrolment when two-factor is on without one', async () => {
    bench.clock = new Date('2026-03-01T10:00:00Z');
    const enrolled = await given(bench.database.db).user({
      twoFactorEnabled: true,
      totpSecret: generateSecret(),
    });
    const notEnrolled = await given(bench.database.db).user({ twoFactorEnabled: true });
    const switchedOff = await given(bench.database.db).user({ totpSecret: generateSecret() });

    expect(await service().verifyPassword(enrolled.email, enrolled.password, bench.context)).toEqual({
      outcome: 'requires_two_factor',
      userId: enrolled.id,
      tenantId: null,
    });
    expect(await service().verifyPassword(notEnrolled.userName, notEnrolled.password, bench.context)).toEqual(
      {
        outcome: 'requires_two_factor_enrolment',
        userId: notEnrolled.id,
        tenantId: null,
      },
    );
    expect(
      (await service().verifyPassword(switchedOff.userName, switchedOff.password, bench.context)).outcome,
    ).toBe('succeeded');
    expect(await actionsOf(enrolled.id)).toEqual(['LoginRequiresTwoFactor']);
    expect(await actionsOf(notEnrolled.id)).toEqual(['LoginRequiresTwoFactor']);
  });
});

describe('settings and features that shape sign-in', () => {
  it('lets an unconfirmed user in where the tenant does not require a confirmed e-mail', async () => {
    bench.clock = new Date('2026-03-05T10:00:00Z');
    const strict = await given(bench.database.db).tenant();
    const relaxed = await given(bench.database.db).tenant();
    await bench.database.db.insert(settings).values({
      name: IDENTITY_SETTING_NAMES.requireConfirmedEmail,
      value: 'false',
      providerName: 'T',
      providerKey: relaxed.id,
      tenantId: relaxed.id,
    });
    const strictUser = await given(bench.database.db).user({ tenantId: strict.id, emailConfirmed: false });
    const relaxedUser = await given(bench.database.db).user({ tenantId: relaxed.id, emailConfirmed: false });
    expect(await service().verifyPassword(strictUser.userName, strictUser.password, bench.context)).toEqual({
      outcome: 'not_allowed',
      reason: 'email_not_confirmed',
    });
    expect(
      (await service().verifyPassword(relaxedUser.userName, relaxedUser.password, bench.context)).outcome,
    ).toBe('succeeded');
  });

  it("applies the tenant's TwoFactor.Behaviour where the host's feature leaves the choice, and never past it", async () => {
    bench.clock = new Date('2026-03-05T11:00:00Z');
    const forcedBySetting = await given(bench.database.db).tenant();
    const disabledByFeature = await given(bench.database.db).tenant();
    for (const tenant of [forcedBySetting, disabledByFeature]) {
      await bench.database.db.insert(settings).values({
        name: 'TwoFactor.Behaviour',
        value: 'forced',
        providerName: 'T',
        providerKey: tenant.id,
        tenantId: tenant.id,
      });
    }
    await bench.database.db
      .insert(tenantFeatures)
      .values({ tenantId: disabledByFeature.id, name: FEATURE_NAMES.twoFactor, value: 'disabled' });
    const mustEnrol = await given(bench.database.db).user({ tenantId: forcedBySetting.id });
    const mayNot = await given(bench.database.db).user({
      tenantId: disabledByFeature.id,
      twoFactorEnabled: true,
    });
    expect(
      (await service().verifyPassword(mustEnrol.userName, mustEnrol.password, bench.context)).outcome,
    ).toBe('requires_two_factor_enrolment');
    expect((await service().verifyPassword(mayNot.userName, mayNot.password, bench.context)).outcome).toBe(
      'succeeded',
    );
  });
});

describe('verifyTwoFactor', () => {
  const epochOf = (date: Date) => Math.floor(date.getTime() / 1000);

  it('accepts the current code and the codes one step either side, not two steps away', async () => {
    bench.clock = new Date('2026-03-01T10:00:10Z');
    const secret = generateSecret();
    const user = await given(bench.database.db).user({ twoFactorEnabled: true, totpSecret: secret });
    const codeAt = (offsetSeconds: number) =>
      generate({ secret, epoch: epochOf(bench.clock) + offsetSeconds });

    expect(await service().verifyTwoFactor(user.id, await codeAt(0), bench.context)).toEqual({
      outcome: 'succeeded',
      userId: user.id,
      tenantId: null,
    });
    expect((await service().verifyTwoFactor(user.id, await codeAt(-30), bench.context)).outcome).toBe(
      'succeeded',
    );
    expect((await service().verifyTwoFactor(user.id, await codeAt(30), bench.context)).outcome).toBe(
      'succeeded',
    );
    expect((await service().verifyTwoFactor(user.id, await codeAt(-90), bench.context)).outcome).toBe(
      'invalid_credentials',
    );
    expect(await actionsOf(user.id)).toEqual([
      'LoginSucceeded',
      'LoginSucceeded',
      'LoginSucceeded',
      'TwoFactorFailed',
    ]);
  });

  it('counts wrong codes towards the lockout, and then refuses even a right code as a wrong one', async () => {
    bench.clock = new Date('2026-03-01T10:00:10Z');
    const secret = generateSecret();
    const user = await given(bench.database.db).user({ twoFactorEnabled: true, totpSecret: secret });
    await failTimes(user, 3);
    expect((await service().verifyTwoFactor(user.id, '000000x', bench.context)).outcome).toBe(
      'invalid_credentials',
    );
    expect((await service().verifyTwoFactor(user.id, 'abcdef', bench.context)).outcome).toBe(
      'invalid_credentials',
    );
    const code = await generate({ secret, epoch: epochOf(bench.clock) });
    expect(await service().verifyTwoFactor(user.id, code, bench.context)).toEqual({
      outcome: 'invalid_credentials',
    });
    expect(await actionsOf(user.id)).toEqual([
      'LoginFailed',
      'LoginFailed',
      'LoginFailed',
      'TwoFactorFailed',
      'TwoFactorFailed',
      'LoginLockedOut',
    ]);
  });

  it('refuses a user without an enrolled second factor', async () => {
    bench.clock = new Date('2026-03-01T10:00:10Z');
    const user = await given(bench.database.db).user();
    expect(await service().verifyTwoFactor(user.id, '123456', bench.context)).toEqual({
      outcome: 'invalid_credentials',
    });
    expect(await actionsOf(user.id)).toEqual(['TwoFactorFailed']);
  });
});
