import { count, eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { createSignInService, type SignInContext } from '../account/sign-in.service';
import { devices } from '../devices/devices.schema';
import { users } from '../users/users.schema';
import { saveTenantFeatures } from './tenant-features';

/* What the tenant features change elsewhere: the device limit and the two-factor policy. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A random IMEI with a valid Luhn check digit. */
function newImei(): string {
  const body = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10));
  const sum = body
    .map((digit, index) => (index % 2 === 1 ? digit * 2 : digit))
    .reduce((total, value) => total + (value > 9 ? value - 9 : value), 0);
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

async function tenantWith(features: Record<string, string | number | boolean>) {
  const tenant = await given(t.database.db).tenant();
  await saveTenantFeatures(t.database.db, tenant.id, features, new Date());
  const user = await given(t.database.db).user({
    tenantId: tenant.id,
    permissions: ['Homeward.Devices', 'Homeward.Devices.Create'],
  });
  const organization = await given(t.database.db).organization(tenant.id);
  return { tenant, headers: bearer(await signIn(t, user)), organizationId: organization.id };
}

const register = ({ headers, organizationId }: { headers: Record<string, string>; organizationId: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/devices',
    headers,
    payload: { name: 'Watch', imei: newImei(), organizationId },
  });

const devicesOf = async (tenantId: string) =>
  (await t.database.db.select({ value: count() }).from(devices).where(eq(devices.tenantId, tenantId)))[0]!
    .value;

describe('Homeward.MaxDevices', () => {
  it('refuses a registration beyond the limit, for that tenant only', async () => {
    const limited = await tenantWith({ 'Homeward.MaxDevices': 2 });
    const other = await tenantWith({});
    expect((await register(limited)).statusCode).toBe(201);
    expect((await register(limited)).statusCode).toBe(201);
    const refused = await register(limited);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'imei', message: 'devices:maxDevicesReached', params: { count: 2 } },
    ]);
    expect(await devicesOf(limited.tenant.id)).toBe(2);
    expect((await register(other)).statusCode).toBe(201);
  });

  it('allows none at 0, and holds under concurrent registrations', async () => {
    const none = await tenantWith({ 'Homeward.MaxDevices': 0 });
    expect((await register(none)).statusCode).toBe(400);
    expect(await devicesOf(none.tenant.id)).toBe(0);

    const one = await tenantWith({ 'Homeward.MaxDevices': 1 });
    const answers = await Promise.all([register(one), register(one), register(one)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await devicesOf(one.tenant.id)).toBe(1);
  });
});

describe('Homeward.TwoFactor', () => {
  const context: SignInContext = { clientId: 'branded', ip: null, userAgent: null };
  const service = () => createSignInService({ db: t.database.db });

  it("'forced' sends users without a secret to enrolment, which turns their two-factor on", async () => {
    const tenant = await given(t.database.db).tenant();
    await saveTenantFeatures(t.database.db, tenant.id, { 'Homeward.TwoFactor': 'forced' }, new Date());
    const user = await given(t.database.db).user({ tenantId: tenant.id });
    // The password grant cannot do a second factor, so it refuses this user now.
    await expect(signIn(t, user)).rejects.toThrow(/two-factor/);
    const result = await service().verifyPassword(user.userName, user.password, context);
    expect(result.outcome).toBe('requires_two_factor_enrolment');

    const enrolment = await service().newTwoFactorEnrolment(user.id);
    expect(enrolment).toBeDefined();
    const code = await generate({ secret: enrolment!.secret });
    const done = await service().completeTwoFactorEnrolment(user.id, enrolment!.secret, code, context);
    expect(done.outcome).toBe('succeeded');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ twoFactorEnabled: true, totpSecret: enrolment!.secret });
    expect((await service().verifyPassword(user.userName, user.password, context)).outcome).toBe(
      'requires_two_factor',
    );
  });

  it("'disabled' skips the second factor even for an enrolled user; 'optional' leaves it to the user", async () => {
    const secret = generateSecret();
    const disabled = await tenantWith({ 'Homeward.TwoFactor': 'disabled' });
    const enrolled = await given(t.database.db).user({
      tenantId: disabled.tenant.id,
      twoFactorEnabled: true,
      totpSecret: secret,
    });
    expect((await service().verifyPassword(enrolled.userName, enrolled.password, context)).outcome).toBe(
      'succeeded',
    );

    const optional = await tenantWith({});
    const enrolledElsewhere = await given(t.database.db).user({
      tenantId: optional.tenant.id,
      twoFactorEnabled: true,
      totpSecret: secret,
    });
    const plain = await given(t.database.db).user({ tenantId: optional.tenant.id });
    expect(
      (await service().verifyPassword(enrolledElsewhere.userName, enrolledElsewhere.password, context))
        .outcome,
    ).toBe('requires_two_factor');
    expect((await service().verifyPassword(plain.userName, plain.password, context)).outcome).toBe(
      'succeeded',
    );
  });
});
