import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { signIn } from '../../test/sign-in';
import { securityLogs } from '../security-logs/security-logs.schema';
import { signedInCaller } from './identity-test-callers';
import { users } from './users.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/identity/users';
const PASSWORD = 'New-Password1!';

function newUser(overrides: Record<string, unknown> = {}) {
  const suffix = Math.random().toString(36).slice(2, 8);
  return { userName: `new.${suffix}`, email: `new.${suffix}@example.com`, password: PASSWORD, ...overrides };
}

async function adminOfNewTenant(permissions?: string[]) {
  const tenant = await given(t.database.db).tenant();
  return { tenant, ...(await signedInCaller(t, { tenantId: tenant.id, permissions })) };
}

describe('users API', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const { headers } = await adminOfNewTenant(['Homeward.Dashboard']);
    const response = await t.app.inject({ method: 'GET', url: BASE, headers });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  it('creates a user with roles and units, then reads, lists and searches it', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const role = await given(t.database.db).role({ tenantId: tenant.id, name: 'Nurse' });
    const unit = await t.app.inject({
      method: 'POST',
      url: '/api/identity/organization-units',
      headers,
      payload: { displayName: 'North' },
    });
    const body = newUser({
      name: 'Karen Blixen',
      roleNames: ['nurse'],
      organizationUnitIds: [unit.json().id],
    });
    const created = await t.app.inject({ method: 'POST', url: BASE, headers, payload: body });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({
      userName: body.userName,
      name: 'Karen Blixen',
      tenantId: tenant.id,
      isActive: true,
    });
    expect(user).not.toHaveProperty('passwordHash');

    const roles = await t.app.inject({ method: 'GET', url: `${BASE}/${user.id}/roles`, headers });
    expect(roles.json().items.map((r: { id: string }) => r.id)).toEqual([role.id]);
    const units = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${user.id}/organization-units`,
      headers,
    });
    expect(units.json().items).toEqual([expect.objectContaining({ id: unit.json().id, code: '00001' })]);

    const found = await t.app.inject({ method: 'GET', url: `${BASE}?filter=blixen`, headers });
    expect(found.json()).toMatchObject({ totalCount: 1, items: [{ id: user.id }] });
    const all = await t.app.inject({
      method: 'GET',
      url: `${BASE}?sorting=userName desc&maxResultCount=1`,
      headers,
    });
    expect(all.json().totalCount).toBe(2);
    expect(all.json().items).toHaveLength(1);

    // The new user can sign in with the password the administrator set.
    await expect(signIn(t, { userName: body.userName, password: PASSWORD })).resolves.toHaveProperty(
      'accessToken',
    );
  });

  it('reports taken user names and e-mails, unknown roles and weak passwords as field errors', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const other = await given(t.database.db).user({ tenantId: null });
    const taken = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: newUser({ userName: other.userName.toUpperCase(), email: other.email, roleNames: ['ghost'] }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.validationErrors).toEqual([
      { field: 'userName', message: 'identity:userNameTaken' },
      { field: 'email', message: 'identity:emailTaken' },
      { field: 'roleNames', message: 'identity:unknownRole', params: { name: 'ghost' } },
    ]);

    const weak = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: newUser({ password: 'weakpassword' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.validationErrors).toEqual(
      expect.arrayContaining([{ field: 'password', message: 'validation.passwordUppercase' }]),
    );
    const invalid = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: { userName: 'x', email: 'no' },
    });
    expect(invalid.statusCode).toBe(400);
    const fields = invalid.json().error.validationErrors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['userName', 'email', 'password']));
    const rows = await t.database.db.select().from(users).where(eq(users.tenantId, tenant.id));
    expect(rows).toHaveLength(1);
  });

  it('lets only one of two racing creates have a user name', async () => {
    const { headers } = await adminOfNewTenant();
    const body = newUser();
    const responses = await Promise.all(
      [1, 2].map((n) =>
        t.app.inject({
          method: 'POST',
          url: BASE,
          headers,
          payload: { ...body, email: `race${n}.${body.email}` },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const refused = responses.find((response) => response.statusCode === 400)!;
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'userName', message: 'identity:userNameTaken' },
    ]);
  });

  it('updates a user and refuses another user’s e-mail', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const target = await given(t.database.db).user({ tenantId: tenant.id });
    const other = await given(t.database.db).user({ tenantId: tenant.id });
    const payload = {
      userName: target.userName,
      email: target.email,
      name: 'Renamed',
      twoFactorEnabled: true,
    };
    const updated = await t.app.inject({ method: 'PUT', url: `${BASE}/${target.id}`, headers, payload });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Renamed', twoFactorEnabled: true });

    const stampOf = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, target.id)))[0]!.securityStamp;
    const stampBefore = await stampOf();
    const role = await given(t.database.db).role({ tenantId: tenant.id });
    const withRole = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}`,
      headers,
      payload: { ...payload, roleNames: [role.name] },
    });
    expect(withRole.statusCode).toBe(200);
    expect(await stampOf()).not.toBe(stampBefore);
    const roles = await t.app.inject({ method: 'GET', url: `${BASE}/${target.id}/roles`, headers });
    expect(roles.json().items.map((r: { name: string }) => r.name)).toEqual([role.name]);

    const clash = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}`,
      headers,
      payload: { ...payload, email: other.email },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.validationErrors).toEqual([{ field: 'email', message: 'identity:emailTaken' }]);
  });

  it('forgets the authenticator secret when two-factor is switched off, and only then', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const target = await given(t.database.db).user({
      tenantId: tenant.id,
      twoFactorEnabled: true,
      totpSecret: 'JBSWY3DPEHPK3PXP',
    });
    const secretOf = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, target.id)))[0]!.totpSecret;
    const payload = { userName: target.userName, email: target.email, name: 'Kept on' };
    const put = (twoFactorEnabled: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `${BASE}/${target.id}`,
        headers,
        payload: { ...payload, twoFactorEnabled },
      });

    expect((await put(true)).statusCode).toBe(200);
    expect(await secretOf()).toBe('JBSWY3DPEHPK3PXP');

    const off = await put(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ twoFactorEnabled: false });
    expect(await secretOf()).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { headers } = await adminOfNewTenant();
    const missing = '0190f1e0-0000-7000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${missing}`, headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${missing}`, headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/not-a-uuid`, headers })).statusCode).toBe(400);
  });

  it('deletes a user but never the caller', async () => {
    const { tenant, user: admin, headers } = await adminOfNewTenant();
    const target = await given(t.database.db).user({ tenantId: tenant.id });
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${target.id}`, headers })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${target.id}`, headers })).statusCode).toBe(
      404,
    );
    const self = await t.app.inject({ method: 'DELETE', url: `${BASE}/${admin.id}`, headers });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.validationErrors).toEqual([
      { field: 'id', message: 'identity:cannotDeleteYourself' },
    ]);
  });

  it('locks and unlocks a user, which the security log records and sign-in obeys', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const target = await given(t.database.db).user({ tenantId: tenant.id });
    const locked = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}/lock`,
      headers,
      payload: {},
    });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ isLockedOut: true, lockoutEnd: '9999-12-31T23:59:59.000Z' });
    await expect(signIn(t, target)).rejects.toThrow();

    const past = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}/lock`,
      headers,
      payload: { lockoutEnd: '2000-01-01T00:00:00Z' },
    });
    expect(past.json().error.validationErrors).toEqual([
      { field: 'lockoutEnd', message: 'identity:lockoutEndInPast' },
    ]);

    const unlocked = await t.app.inject({ method: 'PUT', url: `${BASE}/${target.id}/unlock`, headers });
    expect(unlocked.json()).toMatchObject({ isLockedOut: false, lockoutEnd: null });
    await expect(signIn(t, target)).resolves.toHaveProperty('accessToken');

    const logged = await t.database.db.select().from(securityLogs).where(eq(securityLogs.userId, target.id));
    expect(logged.map((row) => row.action)).toEqual(expect.arrayContaining(['UserLocked', 'UserUnlocked']));
  });

  it('sets a password by the policy and logs it', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const target = await given(t.database.db).user({ tenantId: tenant.id });
    const weak = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}/password`,
      headers,
      payload: { newPassword: 'Short1!' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.validationErrors).toEqual([
      { field: 'newPassword', message: 'validation.minLength', params: { count: 10 } },
    ]);
    const set = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${target.id}/password`,
      headers,
      payload: { newPassword: PASSWORD },
    });
    expect(set.statusCode).toBe(204);
    await expect(signIn(t, { userName: target.userName, password: PASSWORD })).resolves.toHaveProperty(
      'accessToken',
    );
    const [log] = await t.database.db
      .select()
      .from(securityLogs)
      .where(eq(securityLogs.action, 'PasswordChanged'));
    expect(log).toMatchObject({ userId: target.id, tenantId: tenant.id });
  });

  it('lists assignable roles of the caller’s tenant only', async () => {
    const { tenant, headers } = await adminOfNewTenant();
    const own = await given(t.database.db).role({ tenantId: tenant.id });
    await given(t.database.db).role({ tenantId: null });
    const response = await t.app.inject({ method: 'GET', url: `${BASE}/assignable-roles`, headers });
    expect(response.json().items.map((r: { id: string }) => r.id)).toEqual([own.id]);
  });

  it('documents the identity routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/identity/users/{id}/lock',
        '/api/identity/roles/{id}/claims',
        '/api/permission-management/permissions',
        '/api/identity/claim-types',
        '/api/identity/organization-units/{id}/members/{userId}',
        '/api/identity/security-logs',
        '/api/account/my-security-logs',
      ]),
    );
  });

  it('rejects an unknown sorting field', async () => {
    const { headers } = await adminOfNewTenant();
    const response = await t.app.inject({ method: 'GET', url: `${BASE}?sorting=passwordHash`, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { field: 'sorting', message: 'validation.invalid' },
    ]);
  });
});
