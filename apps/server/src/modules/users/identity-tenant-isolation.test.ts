import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenRole, type GivenUser } from '../../test/given';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';
import { organizationUnits, userOrganizationUnits } from '../organization-units/organization-units.schema';
import { roles } from '../roles/roles.schema';
import { securityLogs } from '../security-logs/security-logs.schema';
import { signedInCaller, type SignedInCaller } from './identity-test-callers';
import { users } from './users.schema';

/**
 * Two tenants, an administrator each. B's administrator holds every identity permission and still
 * cannot see or touch anything of A: every attempt is 404 (or A's rows are simply absent), and A's
 * rows are unchanged afterwards.
 */
let t: TestApp;
let adminB: SignedInCaller;
let tenantA: string;
let userA: GivenUser;
let roleA: GivenRole;
let unitA: string;
let unitB: string;

async function snapshotOfA() {
  const db = t.database.db;
  return {
    users: await db.select().from(users).where(eq(users.tenantId, tenantA)),
    roles: await db.select().from(roles).where(eq(roles.tenantId, tenantA)),
    units: await db.select().from(organizationUnits).where(eq(organizationUnits.tenantId, tenantA)),
    members: await db
      .select()
      .from(userOrganizationUnits)
      .where(eq(userOrganizationUnits.organizationUnitId, unitA)),
    grants: await db.select().from(permissionGrants).where(eq(permissionGrants.tenantId, tenantA)),
    logs: await db.select().from(securityLogs).where(eq(securityLogs.tenantId, tenantA)),
  };
}
let before: Awaited<ReturnType<typeof snapshotOfA>>;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  tenantA = (await given(db).tenant('Tenant A')).id;
  const tenantB = (await given(db).tenant('Tenant B')).id;
  const adminA = await signedInCaller(t, { tenantId: tenantA });
  adminB = await signedInCaller(t, { tenantId: tenantB });

  roleA = await given(db).role({
    tenantId: tenantA,
    name: 'Shared name',
    permissions: ['Homeward.Dashboard'],
  });
  await given(db).role({ tenantId: tenantB, name: 'Shared name' });
  userA = await given(db).user({ tenantId: tenantA, userName: `alice.${Date.now()}`, roles: [roleA] });
  const unit = await t.app.inject({
    method: 'POST',
    url: '/api/identity/organization-units',
    headers: adminA.headers,
    payload: { displayName: 'A unit' },
  });
  unitA = unit.json().id;
  await t.app.inject({
    method: 'POST',
    url: `/api/identity/organization-units/${unitA}/members`,
    headers: adminA.headers,
    payload: { userIds: [userA.id] },
  });
  unitB = (
    await t.app.inject({
      method: 'POST',
      url: '/api/identity/organization-units',
      headers: adminB.headers,
      payload: { displayName: 'B unit' },
    })
  ).json().id;
  await db.insert(securityLogs).values({
    tenantId: tenantA,
    identity: 'Identity',
    action: 'LoginFailed',
    userId: userA.id,
    userName: userA.userName,
  });
  before = await snapshotOfA();
});
afterAll(async () => {
  await t?.close();
});

function asB(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: InjectOptions['payload']) {
  const options: InjectOptions = {
    method,
    url,
    headers: adminB.headers,
    ...(payload !== undefined ? { payload } : {}),
  };
  return t.app.inject(options);
}

describe('identity management across tenants', () => {
  it("keeps A's users out of B's lists and searches", async () => {
    const list = await asB('GET', '/api/identity/users?maxResultCount=1000');
    expect(list.statusCode).toBe(200);
    const ids = list.json().items.map((u: { id: string }) => u.id);
    expect(ids).toContain(adminB.user.id);
    expect(ids).not.toContain(userA.id);
    const search = await asB('GET', `/api/identity/users?filter=${userA.userName}`);
    expect(search.json()).toEqual({ items: [], totalCount: 0 });
  });

  it("answers 404 for every operation on A's user", async () => {
    const base = `/api/identity/users/${userA.id}`;
    const profile = { userName: userA.userName, email: userA.email, name: 'Hijacked' };
    const attempts = [
      await asB('GET', base),
      await asB('PUT', base, profile),
      await asB('DELETE', base),
      await asB('PUT', `${base}/lock`, {}),
      await asB('PUT', `${base}/unlock`),
      await asB('PUT', `${base}/password`, { newPassword: 'Hijacked-Password1!' }),
      await asB('GET', `${base}/roles`),
      await asB('GET', `${base}/organization-units`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 404));
  });

  it("keeps A's roles out of B's lists and answers 404 on them", async () => {
    const list = await asB('GET', '/api/identity/roles?maxResultCount=1000');
    expect(list.json().items.map((r: { id: string }) => r.id)).not.toContain(roleA.id);
    const all = await asB('GET', '/api/identity/roles/all');
    expect(all.json().items.map((r: { id: string }) => r.id)).not.toContain(roleA.id);
    const assignable = await asB('GET', '/api/identity/users/assignable-roles');
    expect(assignable.json().items.map((r: { id: string }) => r.id)).not.toContain(roleA.id);
    const base = `/api/identity/roles/${roleA.id}`;
    const attempts = [
      await asB('GET', base),
      await asB('PUT', base, { name: 'Hijacked' }),
      await asB('DELETE', base),
      await asB('GET', `${base}/claims`),
      await asB('PUT', `${base}/claims`, []),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 404));
  });

  it("answers 404 on A's grants, for A's role and A's user", async () => {
    const grant = { permissions: [{ name: 'Homeward.Users', isGranted: true }] };
    const attempts = [
      await asB('GET', `/api/permission-management/permissions?providerName=R&providerKey=${roleA.id}`),
      await asB(
        'PUT',
        `/api/permission-management/permissions?providerName=R&providerKey=${roleA.id}`,
        grant,
      ),
      await asB('GET', `/api/permission-management/permissions?providerName=U&providerKey=${userA.id}`),
      await asB(
        'PUT',
        `/api/permission-management/permissions?providerName=U&providerKey=${userA.id}`,
        grant,
      ),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
  });

  it("keeps A's organization units out of B's tree and answers 404 on them", async () => {
    const treeOfB = await asB('GET', '/api/identity/organization-units');
    expect(treeOfB.json().items.map((u: { id: string }) => u.id)).toEqual([unitB]);
    const base = `/api/identity/organization-units/${unitA}`;
    const attempts = [
      await asB('GET', base),
      await asB('PUT', base, { displayName: 'Hijacked' }),
      await asB('PUT', `${base}/move`, { newParentId: null }),
      await asB('DELETE', base),
      await asB('GET', `${base}/members`),
      await asB('POST', `${base}/members`, { userIds: [adminB.user.id] }),
      await asB('DELETE', `${base}/members/${userA.id}`),
      await asB('GET', `${base}/roles`),
      await asB('POST', `${base}/roles`, { roleIds: [roleA.id] }),
      await asB('DELETE', `${base}/roles/${roleA.id}`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual(attempts.map(() => 404));
  });

  it("cannot link A's users, roles or units to B's rows", async () => {
    const member = await asB('POST', `/api/identity/organization-units/${unitB}/members`, {
      userIds: [userA.id],
    });
    expect(member.json().error.validationErrors).toEqual([
      { field: 'userIds', message: 'identity:unknownUser' },
    ]);
    const role = await asB('POST', `/api/identity/organization-units/${unitB}/roles`, {
      roleIds: [roleA.id],
    });
    expect(role.json().error.validationErrors).toEqual([
      { field: 'roleIds', message: 'identity:unknownRole' },
    ]);
    const move = await asB('PUT', `/api/identity/organization-units/${unitB}/move`, { newParentId: unitA });
    expect(move.json().error.validationErrors).toEqual([
      { field: 'newParentId', message: 'identity:unknownOrganizationUnit' },
    ]);
    const child = await asB('POST', '/api/identity/organization-units', {
      displayName: 'Child',
      parentId: unitA,
    });
    expect(child.statusCode).toBe(400);
    const user = await asB('POST', '/api/identity/users', {
      userName: `bob.${Date.now()}`,
      email: `bob.${Date.now()}@example.com`,
      password: 'Bob-Password1!',
      organizationUnitIds: [unitA],
    });
    expect(user.json().error.validationErrors).toEqual([
      { field: 'organizationUnitIds', message: 'identity:unknownOrganizationUnit' },
    ]);
  });

  it("keeps A's security log out of B's list and searches", async () => {
    const list = await asB('GET', '/api/identity/security-logs?maxResultCount=1000');
    expect(list.statusCode).toBe(200);
    const entries = list.json().items as { tenantId: string | null; userId: string | null }[];
    expect(entries.every((entry) => entry.tenantId !== tenantA && entry.userId !== userA.id)).toBe(true);
    const search = await asB('GET', `/api/identity/security-logs?userName=${userA.userName}`);
    expect(search.json()).toEqual({ items: [], totalCount: 0 });
  });

  it("shows a host administrator the host's rows, not A's", async () => {
    const host = await signedInCaller(t, { tenantId: null });
    const usersOfHost = await t.app.inject({
      method: 'GET',
      url: `/api/identity/users?filter=${userA.userName}`,
      headers: host.headers,
    });
    expect(usersOfHost.json().totalCount).toBe(0);
    const unit = await t.app.inject({
      method: 'GET',
      url: `/api/identity/organization-units/${unitA}`,
      headers: host.headers,
    });
    expect(unit.statusCode).toBe(404);
  });

  it("leaves A's rows exactly as they were", async () => {
    expect(await snapshotOfA()).toEqual(before);
  });
});
