import { DELETED_USER_NAME } from '@homeward/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, GIVEN_PASSWORD } from '../../test/given';
import { bearer, signIn, tokenRequest, type TestTokens } from '../../test/sign-in';
import { householdWithMember } from '../../test/tenant-isolation/households';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { auditLogs, entityChanges } from '../../platform/audit/audit-log.schema';
import { selectRows } from '../../platform/db/database';
import { devices } from '../devices/devices.schema';
import { emailsTo } from '../registration/registration-test-helpers';
import { securityLogs } from '../security-logs/security-logs.schema';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const deleteAccount = (tokens: TestTokens, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/delete-user',
    headers: bearer(tokens),
    payload: payload as object,
  });
const profileStatus = async (tokens: TestTokens) =>
  (await t.app.inject({ url: '/api/account/my-profile', headers: bearer(tokens) })).statusCode;

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** What the kept records still say about a person: their security log names and user entity changes. */
async function traces(userId: string) {
  const logs = await t.database.db
    .select({ userName: securityLogs.userName, action: securityLogs.action })
    .from(securityLogs)
    .where(eq(securityLogs.userId, userId));
  const changes = await t.database.db
    .select({ propertyChanges: entityChanges.propertyChanges })
    .from(entityChanges)
    .where(and(eq(entityChanges.entityType, 'users'), eq(entityChanges.entityId, userId)));
  return { logs, changes: JSON.stringify(changes) };
}

describe('a member deleting their account', () => {
  it('needs the password, then erases the person, ends their sign-ins and leaves the household alone', async () => {
    const household = await householdWithMember(t);
    const other = await householdWithMember(t);
    const before = (await userRow(household.member.id))!;
    const member = await signIn(t, household.member);
    const elsewhere = await signIn(t, household.member, 'plug-and-play');
    const owner = await signIn(t, household.owner);

    const wrong = await deleteAccount(member, { password: 'Wrong-Password1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.validationErrors).toEqual([
      { field: 'password', message: 'profile:deletion.errors.wrongPassword' },
    ]);
    for (const bad of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(5000) }, null]) {
      expect((await deleteAccount(member, bad)).statusCode).toBe(400);
    }
    expect(await userRow(household.member.id)).toBeDefined();

    const deleted = await deleteAccount(member, { password: household.member.password });
    expect(deleted.statusCode).toBe(204);

    // The person is gone: no row, no e-mail, name or phone anywhere in the users table.
    expect(await userRow(household.member.id)).toBeUndefined();
    const [byEmail] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.normalizedEmail, before.normalizedEmail));
    expect(byEmail).toBeUndefined();
    // Every sign-in ended, and none can start again.
    expect(await profileStatus(member)).toBe(401);
    expect(await profileStatus(elsewhere)).toBe(401);
    const refreshed = await tokenRequest(t, {
      grant_type: 'refresh_token',
      client_id: 'plug-and-play',
      refresh_token: elsewhere.refreshToken!,
    });
    expect(refreshed.statusCode).toBe(400);
    await expect(signIn(t, household.member)).rejects.toThrow(/sign-in refused/);
    // What is kept for bookkeeping keeps the id, not the person.
    const kept = await traces(household.member.id);
    expect(kept.logs.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['AccountDeleted', 'LoginSucceeded']),
    );
    expect(new Set(kept.logs.map((entry) => entry.userName))).toEqual(new Set([DELETED_USER_NAME]));
    expect(kept.changes).toContain('***');
    for (const personal of [before.email, before.userName, before.normalizedEmail]) {
      expect(kept.changes).not.toContain(personal);
    }
    expect(await emailsTo(t.database.db, before.email)).toEqual([]);
    await t.app.auditLog.flush();
    const audited = await t.database.db
      .select({ userName: auditLogs.userName })
      .from(auditLogs)
      .where(eq(auditLogs.userId, household.member.id));
    expect(audited.length).toBeGreaterThan(0);
    expect(new Set(audited.map((entry) => entry.userName))).toEqual(new Set([DELETED_USER_NAME]));
    // The household, its owner and another household are unaffected.
    expect(await profileStatus(owner)).toBe(200);
    const [householdRow] = await t.database.db.select().from(tenants).where(eq(tenants.id, household.id));
    expect(householdRow?.ownerUserId).toBe(household.owner.id);
    expect(await userRow(other.member.id)).toBeDefined();
    expect(await profileStatus(await signIn(t, other.member))).toBe(200);
  });
});

describe('the owner deleting their account', () => {
  it('is refused while the household has other members', async () => {
    const household = await householdWithMember(t);
    const owner = await signIn(t, household.owner);
    const refused = await deleteAccount(owner, { password: household.owner.password });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('profile:deletion.errors.ownerHasMembers');
    expect(await userRow(household.owner.id)).toBeDefined();
    expect(await profileStatus(owner)).toBe(200);
  });

  it('alone, deletes the household and returns its watches to the seller', async () => {
    const household = await householdWithMember(t);
    const member = await signIn(t, household.member);
    expect((await deleteAccount(member, { password: household.member.password })).statusCode).toBe(204);
    const owner = await signIn(t, household.owner);

    // A watch from a seller's stock, connected with its code.
    const g = given(t.database.db);
    const sellerTenant = await g.tenant();
    const organization = await g.organization(sellerTenant.id);
    const staff = await signIn(
      t,
      await g.user({
        tenantId: sellerTenant.id,
        roles: [
          await g.role({
            tenantId: sellerTenant.id,
            permissions: ['Homeward.Devices', 'Homeward.Devices.Create', 'Homeward.Devices.ActivationCodes'],
          }),
        ],
      }),
    );
    const imei = randomImei();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: bearer(staff),
      payload: { name: 'Stock watch', imei, organizationId: organization.id },
    });
    expect(created.statusCode, created.body).toBe(201);
    const watchId = created.json<{ id: string }>().id;
    const code = await t.app.inject({
      url: `/api/devices/${watchId}/activation-code`,
      headers: bearer(staff),
    });
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/device-connection',
      headers: bearer(owner),
      payload: { imei, activationCode: code.json().activationCode, name: "Dad's watch" },
    });
    expect(connected.statusCode, connected.body).toBe(201);

    const deleted = await deleteAccount(owner, { password: household.owner.password });
    expect(deleted.statusCode, deleted.body).toBe(204);

    expect(await t.database.db.select().from(tenants).where(eq(tenants.id, household.id))).toEqual([]);
    expect(await userRow(household.owner.id)).toBeUndefined();
    const [watch] = await t.database.db.select().from(devices).where(eq(devices.id, watchId));
    expect(watch).toMatchObject({ tenantId: sellerTenant.id, physicalLocation: 5, name: 'Stock watch' });
    expect(await profileStatus(owner)).toBe(401);
    await expect(signIn(t, household.owner)).rejects.toThrow(/sign-in refused/);
    // The household's entity changes (its citizens' and people's values) went with it.
    const [leftovers] = await selectRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from entity_changes where tenant_id = ${household.id}`,
    );
    expect(leftovers?.n).toBe(0);
    const kept = await traces(household.owner.id);
    expect(kept.logs.map((entry) => entry.action)).toContain('AccountDeleted');
    expect(new Set(kept.logs.map((entry) => entry.userName))).toEqual(new Set([DELETED_USER_NAME]));
  });
});

describe("an organization's user", () => {
  it('cannot delete their own account (their administrator does)', async () => {
    const tenant = await given(t.database.db).tenant();
    const user = await given(t.database.db).user({ tenantId: tenant.id });
    const tokens = await signIn(t, user);
    const refused = await deleteAccount(tokens, { password: GIVEN_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('profile:deletion.errors.notSelfService');
    expect(await userRow(user.id)).toBeDefined();
  });
});
