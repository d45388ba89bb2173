import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';
import { claimTypes } from '../claim-types/claim-types.schema';
import { signedInCaller } from '../users/identity-test-callers';
import { userRoles } from './roles.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/identity/roles';

async function adminOfNewTenant(permissions?: string[]) {
  const tenant = await given(t.database.db).tenant();
  return { tenant, ...(await signedInCaller(t, { tenantId: tenant.id, permissions })) };
}

describe('roles API', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const { headers } = await adminOfNewTenant(['Homeward.Roles']);
    const response = await t.app.inject({ method: 'POST', url: BASE, headers, payload: { name: 'X' } });
    expect(response.statusCode).toBe(403);
  });

  it('creates, lists, searches, reads and updates roles', async () => {
    const { headers } = await adminOfNewTenant();
    const created = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name: 'Night shift', isDefault: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Night shift',
      isDefault: true,
      isPublic: true,
      isStatic: false,
      userCount: 0,
    });
    const id = created.json().id;
    await t.app.inject({ method: 'POST', url: BASE, headers, payload: { name: 'Day shift' } });

    const found = await t.app.inject({ method: 'GET', url: `${BASE}?filter=night`, headers });
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id }] });
    const all = await t.app.inject({ method: 'GET', url: `${BASE}/all`, headers });
    expect(all.json().items.map((r: { name: string }) => r.name)).toEqual(['Day shift', 'Night shift']);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers,
      payload: { name: 'Evening shift', isDefault: false, isPublic: false },
    });
    expect(updated.json()).toMatchObject({ name: 'Evening shift', isDefault: false, isPublic: false });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers })).json().name).toBe(
      'Evening shift',
    );
  });

  it('refuses a duplicate name in the same tenant but not in another', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    await given(t.database.db).role({ tenantId: tenant.id, name: 'Coordinator' });
    await given(t.database.db).role({ tenantId: null, name: 'Auditor' });
    const clash = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name: 'coordinator' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.validationErrors).toEqual([
      { field: 'name', message: 'identity:roleNameTaken' },
    ]);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { name: 'Auditor' },
    });
    expect(elsewhere.statusCode).toBe(201);
    const empty = await t.app.inject({ method: 'POST', url: BASE, headers, payload: { name: '  ' } });
    expect(empty.json().error.validationErrors).toEqual([{ field: 'name', message: 'validation.required' }]);
  });

  it('keeps static roles: no rename, no delete', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const role = await given(t.database.db).role({ tenantId: tenant.id, name: 'admin', isStatic: true });
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${role.id}`,
      headers,
      payload: { name: 'boss' },
    });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.validationErrors).toEqual([
      { field: 'name', message: 'identity:staticRoleCannotBeRenamed' },
    ]);
    const flags = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${role.id}`,
      headers,
      payload: { name: 'admin', isDefault: true },
    });
    expect(flags.statusCode).toBe(200);
    const remove = await t.app.inject({ method: 'DELETE', url: `${BASE}/${role.id}`, headers });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().error.validationErrors).toEqual([
      { field: 'id', message: 'identity:staticRoleCannotBeDeleted' },
    ]);
  });

  it('deletes a role with its memberships and grants', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const role = await given(t.database.db).role({
      tenantId: tenant.id,
      permissions: ['Homeward.Dashboard'],
    });
    await given(t.database.db).user({ tenantId: tenant.id, roles: [role] });
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${role.id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${role.id}`, headers })).statusCode).toBe(404);
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.roleId, role.id))).toEqual([]);
    expect(
      await t.database.db.select().from(permissionGrants).where(eq(permissionGrants.providerKey, role.id)),
    ).toEqual([]);
  });

  it('sets claims whose type exists and whose value matches the regex', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const role = await given(t.database.db).role({ tenantId: tenant.id });
    const suffix = Math.random().toString(36).slice(2, 8);
    await t.database.db
      .insert(claimTypes)
      .values({ name: `region-${suffix}`, regex: '[A-Z]{2}', regexDescription: 'Two capitals' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${role.id}/claims`,
      headers,
      payload: [
        { claimType: `region-${suffix}`, claimValue: 'dk1' },
        { claimType: 'nope', claimValue: 'x' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors).toEqual([
      {
        field: '0.claimValue',
        message: 'identity:claimValueMismatch',
        params: { description: 'Two capitals' },
      },
      { field: '1.claimType', message: 'identity:unknownClaimType' },
    ]);
    const good = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${role.id}/claims`,
      headers,
      payload: [{ claimType: `region-${suffix}`, claimValue: 'DK' }],
    });
    expect(good.statusCode).toBe(200);
    const claims = await t.app.inject({ method: 'GET', url: `${BASE}/${role.id}/claims`, headers });
    expect(claims.json()).toEqual([{ claimType: `region-${suffix}`, claimValue: 'DK' }]);
  });
});
