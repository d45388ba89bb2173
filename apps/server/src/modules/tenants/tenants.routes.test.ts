import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { roles, userRoles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { tenantFeatures, tenants } from './tenants.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BASE = '/api/tenants';
const ADMIN_PASSWORD = 'Admin-Password1!';
const TENANT_PERMISSIONS = [
  'Homeward.Tenants',
  'Homeward.Tenants.Create',
  'Homeward.Tenants.Edit',
  'Homeward.Tenants.Delete',
  'Homeward.Tenants.ManageFeatures',
  'Homeward.Tenants.Filter',
];

const suffix = () => Math.random().toString(36).slice(2, 8);

function newTenant(overrides: Record<string, unknown> = {}) {
  const id = suffix();
  return {
    name: `Municipality ${id}`,
    comment: 'North',
    nationalLogin: false,
    adminEmail: `admin.${id}@example.com`,
    adminPassword: ADMIN_PASSWORD,
    ...overrides,
  };
}

async function hostAdmin(permissions = TENANT_PERMISSIONS) {
  const user = await given(t.database.db).user({ tenantId: null, permissions });
  return { user, headers: bearer(await signIn(t, user)) };
}

async function rowCounts() {
  const db = t.database.db;
  const [tenantCount] = await db.select({ value: count() }).from(tenants);
  const [userCount] = await db.select({ value: count() }).from(users);
  const [roleCount] = await db.select({ value: count() }).from(roles);
  const [featureCount] = await db.select({ value: count() }).from(tenantFeatures);
  return [tenantCount!.value, userCount!.value, roleCount!.value, featureCount!.value];
}

describe('tenants API', () => {
  it('answers 401 without a token and 403 to a tenant user, even one with stray grants of host permissions', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const tenant = await given(t.database.db).tenant();
    const user = await given(t.database.db).user({
      tenantId: tenant.id,
      permissions: ['Homeward.Dashboard'],
    });
    const headers = bearer(await signIn(t, user));
    for (const [method, url] of [
      ['GET', BASE],
      ['GET', `${BASE}/lookup`],
      ['GET', `${BASE}/${tenant.id}`],
      ['DELETE', `${BASE}/${tenant.id}`],
      ['GET', `${BASE}/${tenant.id}/features`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await t.database.db.select().from(tenants).where(eq(tenants.id, tenant.id))).toHaveLength(1);
  });

  it('creates a tenant with its admin role and administrator, who can then sign in', async () => {
    const { headers } = await hostAdmin();
    const body = newTenant({ nationalLogin: true, cvr: '12345678' });
    const created = await t.app.inject({ method: 'POST', url: BASE, headers, payload: body });
    expect(created.statusCode).toBe(201);
    const tenant = created.json();
    expect(tenant).toMatchObject({ name: body.name, comment: 'North', cvr: '12345678', nationalLogin: true });

    const [admin] = await t.database.db.select().from(users).where(eq(users.tenantId, tenant.id));
    expect(admin).toMatchObject({ userName: body.adminEmail, email: body.adminEmail, emailConfirmed: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    const memberships = await t.database.db
      .select({ name: roles.name, isStatic: roles.isStatic })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, admin!.id));
    expect(memberships).toEqual([{ name: 'admin', isStatic: true }]);

    const tokens = await signIn(t, { userName: body.adminEmail, password: ADMIN_PASSWORD });
    const configuration = await t.app.inject({
      method: 'GET',
      url: '/api/app/configuration',
      headers: bearer(tokens),
    });
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json().features).toMatchObject({
      'Homeward.NationalLogin': true,
      'Homeward.TwoFactor': 'optional',
    });
  });

  it('lists, searches, reads and updates tenants; the CVR is cleared when national login goes off', async () => {
    const { headers } = await hostAdmin();
    const marker = suffix();
    const body = newTenant({ name: `Searchable ${marker}`, nationalLogin: true, cvr: '87654321' });
    const tenant = (await t.app.inject({ method: 'POST', url: BASE, headers, payload: body })).json();

    const list = await t.app.inject({ method: 'GET', url: `${BASE}?filter=${marker}`, headers });
    expect(list.json()).toEqual({ items: [tenant], totalCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${tenant.id}`, headers })).json()).toEqual(
      tenant,
    );
    const lookup = await t.app.inject({ method: 'GET', url: `${BASE}/lookup`, headers });
    expect(lookup.json().items).toContainEqual({ id: tenant.id, name: tenant.name, kind: 'organization' });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${tenant.id}`,
      headers,
      payload: { name: `Renamed ${marker}`, comment: '', nationalLogin: false, cvr: '87654321' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      name: `Renamed ${marker}`,
      cvr: null,
      comment: null,
      nationalLogin: false,
    });
  });

  it('refuses a taken name (any case) and a taken admin e-mail together, writing nothing', async () => {
    const { user, headers } = await hostAdmin();
    const existing = await given(t.database.db).tenant();
    const before = await rowCounts();
    const response = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers,
      payload: newTenant({ name: existing.name.toUpperCase(), adminEmail: user.email }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { field: 'name', message: 'tenants:nameTaken' },
      { field: 'adminEmail', message: 'tenants:adminEmailTaken' },
    ]);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses a bad CVR, a missing one with national login, and a weak password, writing nothing', async () => {
    const { headers } = await hostAdmin();
    const before = await rowCounts();
    const cases: [Record<string, unknown>, { field: string; message: string }][] = [
      [
        { nationalLogin: true, cvr: '1234567' },
        { field: 'cvr', message: 'tenants:cvrInvalid' },
      ],
      [
        { nationalLogin: true, cvr: '1234567a' },
        { field: 'cvr', message: 'tenants:cvrInvalid' },
      ],
      [{ nationalLogin: true }, { field: 'cvr', message: 'validation.required' }],
      [
        { adminPassword: 'alllowercase1!' },
        { field: 'adminPassword', message: 'validation.passwordUppercase' },
      ],
      [{ adminEmail: 'not-an-email' }, { field: 'adminEmail', message: 'validation.email' }],
    ];
    for (const [overrides, error] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers,
        payload: newTenant(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.validationErrors).toContainEqual(error);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps names unique under a race: one of two identical requests wins', async () => {
    const { headers } = await hostAdmin();
    const name = `Race ${suffix()}`;
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: BASE, headers, payload: newTenant({ name }) }),
      t.app.inject({ method: 'POST', url: BASE, headers, payload: newTenant({ name }) }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const loser = first.statusCode === 400 ? first : second;
    expect(loser.json().error.validationErrors).toEqual([{ field: 'name', message: 'tenants:nameTaken' }]);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.name, name))).toHaveLength(1);
  });

  it('refuses renaming onto another tenant and answers 404 for unknown ids', async () => {
    const { headers } = await hostAdmin();
    const [a, b] = [await given(t.database.db).tenant(), await given(t.database.db).tenant()];
    const clash = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${a.id}`,
      headers,
      payload: { name: b.name.toLowerCase() },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.validationErrors).toEqual([{ field: 'name', message: 'tenants:nameTaken' }]);
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: `${BASE}/${unknown}`, headers })).statusCode).toBe(404);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${unknown}`,
      headers,
      payload: { name: 'X' },
    });
    expect(put.statusCode).toBe(404);
  });

  it('deletes a tenant with its users, roles, devices and features', async () => {
    const { headers } = await hostAdmin();
    const tenant = (await t.app.inject({ method: 'POST', url: BASE, headers, payload: newTenant() })).json();
    const imei = `35${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 15);
    await t.database.db.insert(devices).values({ tenantId: tenant.id, imei, name: 'Watch' });
    expect(await t.database.db.select().from(devices).where(eq(devices.tenantId, tenant.id))).toHaveLength(1);
    const response = await t.app.inject({ method: 'DELETE', url: `${BASE}/${tenant.id}`, headers });
    expect(response.statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select().from(tenants).where(eq(tenants.id, tenant.id))).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.tenantId, tenant.id))).toHaveLength(0);
    expect(await db.select().from(roles).where(eq(roles.tenantId, tenant.id))).toHaveLength(0);
    expect(await db.select().from(devices).where(eq(devices.tenantId, tenant.id))).toHaveLength(0);
    expect(await db.select().from(tenantFeatures).where(eq(tenantFeatures.tenantId, tenant.id))).toHaveLength(
      0,
    );
  });

  it('needs each operation’s own permission', async () => {
    const { headers } = await hostAdmin(['Homeward.Tenants']);
    expect((await t.app.inject({ method: 'GET', url: BASE, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/lookup`, headers })).statusCode).toBe(403);
    const created = await t.app.inject({ method: 'POST', url: BASE, headers, payload: newTenant() });
    expect(created.statusCode).toBe(403);
  });
});
