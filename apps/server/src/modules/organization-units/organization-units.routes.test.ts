import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { signedInCaller } from '../users/identity-test-callers';
import { givenDevices } from '../organizations/organizations-test-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/identity/organization-units';

async function adminOfNewTenant(permissions?: string[]) {
  const tenant = await given(t.database.db).tenant();
  return { tenant, ...(await signedInCaller(t, { tenantId: tenant.id, permissions })) };
}

async function createUnit(headers: Record<string, string>, displayName: string, parentId?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: BASE,
    headers,
    payload: { displayName, parentId },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; code: string; parentId: string | null };
}

async function tree(headers: Record<string, string>) {
  const response = await t.app.inject({ method: 'GET', url: BASE, headers });
  return (response.json().items as { displayName: string; code: string }[]).map(
    (u) => `${u.code} ${u.displayName}`,
  );
}

describe('organization units API', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const { headers } = await adminOfNewTenant(['Homeward.OrganizationUnits']);
    const response = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { displayName: 'A' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('builds a tree with materialised-path codes and renames units', async () => {
    const { headers } = await adminOfNewTenant();
    const north = await createUnit(headers, 'North');
    const south = await createUnit(headers, 'South');
    await createUnit(headers, 'Aalborg', north.id);
    await createUnit(headers, 'Skagen', north.id);
    expect(await tree(headers)).toEqual([
      '00001 North',
      '00001.00001 Aalborg',
      '00001.00002 Skagen',
      '00002 South',
    ]);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${south.id}`,
      headers,
      payload: { displayName: 'Syd' },
    });
    expect(renamed.json()).toMatchObject({ displayName: 'Syd', code: '00002' });
    const clash = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${south.id}`,
      headers,
      payload: { displayName: 'north' },
    });
    expect(clash.json().error.validationErrors).toEqual([
      { field: 'displayName', message: 'identity:organizationUnitNameTaken' },
    ]);
    const badParent = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { displayName: 'X', parentId: '0190f1e0-0000-7000-8000-000000000000' },
    });
    expect(badParent.json().error.validationErrors).toEqual([
      { field: 'parentId', message: 'identity:unknownOrganizationUnit' },
    ]);
  });

  it('moves a subtree and recomputes its codes, but never into itself or a descendant', async () => {
    const { headers } = await adminOfNewTenant();
    const north = await createUnit(headers, 'North');
    const aalborg = await createUnit(headers, 'Aalborg', north.id);
    await createUnit(headers, 'Centre', aalborg.id);
    const south = await createUnit(headers, 'South');
    await createUnit(headers, 'Odense', south.id);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${aalborg.id}/move`,
      headers,
      payload: { newParentId: south.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(await tree(headers)).toEqual([
      '00001 North',
      '00002 South',
      '00002.00001 Odense',
      '00002.00002 Aalborg',
      '00002.00002.00001 Centre',
    ]);

    // South itself, and Aalborg, which now lies below South.
    for (const newParentId of [south.id, aalborg.id]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/${south.id}/move`,
        headers,
        payload: { newParentId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.validationErrors).toEqual([
        { field: 'newParentId', message: 'identity:organizationUnitMoveIntoItself' },
      ]);
    }

    const toRoot = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${aalborg.id}/move`,
      headers,
      payload: { newParentId: null },
    });
    expect(toRoot.json()).toMatchObject({ parentId: null, code: '00003' });
  });

  it('gives units created at the same time distinct codes', async () => {
    const { headers } = await adminOfNewTenant();
    await Promise.all(['A', 'B', 'C', 'D'].map((name) => createUnit(headers, name)));
    const codes = (await tree(headers)).map((line) => line.split(' ')[0]);
    expect(codes).toEqual(['00001', '00002', '00003', '00004']);
  });

  it('deletes only units without children', async () => {
    const { headers } = await adminOfNewTenant();
    const parent = await createUnit(headers, 'Parent');
    const child = await createUnit(headers, 'Child', parent.id);
    const refused = await t.app.inject({ method: 'DELETE', url: `${BASE}/${parent.id}`, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'id', message: 'identity:organizationUnitHasChildren' },
    ]);
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${child.id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${parent.id}`, headers })).statusCode).toBe(
      204,
    );
    expect(await tree(headers)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${parent.id}`, headers })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a unit that has devices, with their count', async () => {
    const { headers, tenant } = await adminOfNewTenant();
    const unit = await createUnit(headers, 'With watches');
    await givenDevices(t, tenant.id, unit.id, 2);
    const refused = await t.app.inject({ method: 'DELETE', url: `${BASE}/${unit.id}`, headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'id', message: 'identity:organizationUnitHasDevices', params: { count: 2 } },
    ]);
  });

  it('adds and removes members and roles; members get the unit’s roles', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const unit = await createUnit(headers, 'Team');
    const role = await given(t.database.db).role({ tenantId: tenant.id, permissions: ['Homeward.Roles'] });
    const member = await given(t.database.db).user({ tenantId: tenant.id, userName: `ann.${Date.now()}` });
    const memberHeaders = bearer(await signIn(t, member));
    const rolesUrl = '/api/identity/roles';
    expect((await t.app.inject({ method: 'GET', url: rolesUrl, headers: memberHeaders })).statusCode).toBe(
      403,
    );

    const added = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${unit.id}/members`,
      headers,
      payload: { userIds: [member.id] },
    });
    expect(added.statusCode).toBe(204);
    const withRole = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${unit.id}/roles`,
      headers,
      payload: { roleIds: [role.id] },
    });
    expect(withRole.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: rolesUrl, headers: memberHeaders })).statusCode).toBe(
      200,
    );

    const members = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${unit.id}/members?filter=ann`,
      headers,
    });
    expect(members.json()).toEqual({ totalCount: 1, items: [expect.objectContaining({ id: member.id })] });
    const roles = await t.app.inject({ method: 'GET', url: `${BASE}/${unit.id}/roles`, headers });
    expect(roles.json()).toEqual({ totalCount: 1, items: [{ id: role.id, name: role.name }] });
    expect((await tree(headers)).length).toBe(1);
    const [summary] = (await t.app.inject({ method: 'GET', url: BASE, headers })).json().items;
    expect(summary).toMatchObject({ memberCount: 1, roleCount: 1 });

    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/${unit.id}/roles/${role.id}`, headers }))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: rolesUrl, headers: memberHeaders })).statusCode).toBe(
      403,
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/${unit.id}/members/${member.id}`, headers }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/${unit.id}/members/${member.id}`, headers }))
        .statusCode,
    ).toBe(404);

    const stranger = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${unit.id}/members`,
      headers,
      payload: { userIds: ['0190f1e0-0000-7000-8000-000000000000'] },
    });
    expect(stranger.json().error.validationErrors).toEqual([
      { field: 'userIds', message: 'identity:unknownUser' },
    ]);
  });
});
