import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { signedInCaller } from '../users/identity-test-callers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PATH = '/api/permission-management/permissions';
const url = (providerName: 'R' | 'U', providerKey: string) =>
  `${PATH}?providerName=${providerName}&providerKey=${providerKey}`;

interface Grant {
  name: string;
  isGranted: boolean;
  parentName: string | null;
  grantedProviders: { providerName: string; displayName: string }[];
}
const permissionsOf = (body: { groups: { permissions: Grant[] }[] }) =>
  body.groups.flatMap((g) => g.permissions);

describe('permission grants API', () => {
  it('shows a role’s grants on the catalogue tree, without host-only permissions for a tenant', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    const role = await given(t.database.db).role({ tenantId: tenant.id, permissions: ['Homeward.Citizens'] });
    const response = await t.app.inject({ method: 'GET', url: url('R', role.id), headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.entityDisplayName).toBe(role.name);
    const grants = permissionsOf(body);
    expect(grants.find((g) => g.name === 'Homeward.Citizens')).toMatchObject({
      isGranted: true,
      parentName: null,
    });
    expect(grants.find((g) => g.name === 'Homeward.Citizens.Create')).toMatchObject({
      isGranted: false,
      parentName: 'Homeward.Citizens',
    });
    expect(grants.some((g) => g.name.startsWith('Homeward.Tenants'))).toBe(false);
    expect(grants.some((g) => g.name.startsWith('Homeward.ClaimTypes'))).toBe(false);
  });

  it('shows a user’s own grants and those through roles', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    const role = await given(t.database.db).role({ tenantId: tenant.id, permissions: ['Homeward.Alarms'] });
    const user = await given(t.database.db).user({
      tenantId: tenant.id,
      roles: [role],
      permissions: ['Homeward.Reports'],
    });
    const grants = permissionsOf(
      (await t.app.inject({ method: 'GET', url: url('U', user.id), headers })).json(),
    );
    expect(grants.find((g) => g.name === 'Homeward.Alarms')?.grantedProviders).toEqual([
      expect.objectContaining({ providerName: 'R', displayName: role.name }),
    ]);
    expect(grants.find((g) => g.name === 'Homeward.Reports')?.grantedProviders).toEqual([
      expect.objectContaining({ providerName: 'U', displayName: user.userName }),
    ]);
  });

  it('grants and revokes a role’s permissions, which its members feel at once', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    const role = await given(t.database.db).role({ tenantId: tenant.id });
    const member = await given(t.database.db).user({ tenantId: tenant.id, roles: [role] });
    const memberHeaders = bearer(await signIn(t, member));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/identity/roles', headers: memberHeaders })).statusCode,
    ).toBe(403);

    const put = await t.app.inject({
      method: 'PUT',
      url: url('R', role.id),
      headers,
      payload: { permissions: [{ name: 'Homeward.Roles', isGranted: true }] },
    });
    expect(put.statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/identity/roles', headers: memberHeaders })).statusCode,
    ).toBe(200);

    await t.app.inject({
      method: 'PUT',
      url: url('R', role.id),
      headers,
      payload: { permissions: [{ name: 'Homeward.Roles', isGranted: false }] },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/identity/roles', headers: memberHeaders })).statusCode,
    ).toBe(403);
  });

  it('refuses unknown or host-only names (400) and permissions the caller lacks (403)', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, { tenantId: tenant.id });
    const role = await given(t.database.db).role({ tenantId: tenant.id });
    const unknown = await t.app.inject({
      method: 'PUT',
      url: url('R', role.id),
      headers,
      payload: {
        permissions: [
          { name: 'Homeward.Nope', isGranted: true },
          { name: 'Homeward.Tenants', isGranted: true },
        ],
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors).toEqual([
      { field: 'permissions.0.name', message: 'identity:unknownPermission' },
      { field: 'permissions.1.name', message: 'identity:unknownPermission' },
    ]);
    const beyond = await t.app.inject({
      method: 'PUT',
      url: url('R', role.id),
      headers,
      payload: { permissions: [{ name: 'Homeward.Devices', isGranted: true }] },
    });
    expect(beyond.statusCode).toBe(403);
    const grants = permissionsOf(
      (await t.app.inject({ method: 'GET', url: url('R', role.id), headers })).json(),
    );
    expect(grants.filter((g) => g.isGranted)).toEqual([]);
  });

  it('needs Roles.ManagePermissions for roles and Users.ManagePermissions for users', async () => {
    const tenant = await given(t.database.db).tenant();
    const { headers } = await signedInCaller(t, {
      tenantId: tenant.id,
      permissions: ['Homeward.Users', 'Homeward.Users.ManagePermissions'],
    });
    const role = await given(t.database.db).role({ tenantId: tenant.id });
    const user = await given(t.database.db).user({ tenantId: tenant.id });
    expect((await t.app.inject({ method: 'GET', url: url('R', role.id), headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url('U', user.id), headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: url('U', user.id) })).statusCode).toBe(401);
    const missing = '0190f1e0-0000-7000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: url('U', missing), headers })).statusCode).toBe(404);
  });
});
