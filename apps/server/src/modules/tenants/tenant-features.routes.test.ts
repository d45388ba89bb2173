import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { loadTenantFeatures } from './tenant-features';
import { tenantFeatures, tenants } from './tenants.schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function hostHeaders(permissions = ['Homeward.Tenants', 'Homeward.Tenants.ManageFeatures']) {
  const user = await given(t.database.db).user({ tenantId: null, permissions });
  return bearer(await signIn(t, user));
}

const url = (tenantId: string) => `/api/tenants/${tenantId}/features`;

describe('tenant features API', () => {
  it('lists every feature with its default for a new tenant', async () => {
    const headers = await hostHeaders();
    const tenant = await given(t.database.db).tenant();
    const response = await t.app.inject({ method: 'GET', url: url(tenant.id), headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { name: string; value: unknown; type: string }[];
    expect(items.find((item) => item.name === 'Homeward.MaxDevices')).toMatchObject({
      type: 'number',
      value: 1000,
    });
    expect(items.find((item) => item.name === 'Homeward.TwoFactor')).toMatchObject({
      type: 'selection',
      value: 'optional',
      options: ['optional', 'disabled', 'forced'],
    });
    expect(items.find((item) => item.name === 'Homeward.Screens.Invoices')).toMatchObject({ value: true });
  });

  it("sets one tenant's features without touching another's (two tenants)", async () => {
    const headers = await hostHeaders();
    const [a, b] = [await given(t.database.db).tenant(), await given(t.database.db).tenant()];
    const response = await t.app.inject({
      method: 'PUT',
      url: url(a.id),
      headers,
      payload: {
        'Homeward.MaxDevices': 3,
        'Homeward.TwoFactor': 'forced',
        'Homeward.Screens.Invoices': false,
      },
    });
    expect(response.statusCode).toBe(200);
    const featuresOfA = await loadTenantFeatures(t.database.db, a.id);
    expect(featuresOfA).toMatchObject({
      'Homeward.MaxDevices': 3,
      'Homeward.TwoFactor': 'forced',
      'Homeward.Screens.Invoices': false,
      'Homeward.Screens.Wifi': true,
    });
    expect(await loadTenantFeatures(t.database.db, b.id)).toMatchObject({
      'Homeward.MaxDevices': 1000,
      'Homeward.TwoFactor': 'optional',
      'Homeward.Screens.Invoices': true,
    });
    expect(await loadTenantFeatures(t.database.db, null)).toMatchObject({ 'Homeward.MaxDevices': 1000 });

    // A tenant user sees their own tenant's values in the configuration, never another's.
    const userOfB = await given(t.database.db).user({ tenantId: b.id, permissions: ['Homeward.Dashboard'] });
    const configuration = await t.app.inject({
      method: 'GET',
      url: '/api/app/configuration',
      headers: bearer(await signIn(t, userOfB)),
    });
    expect(configuration.json().features['Homeward.Screens.Invoices']).toBe(true);
    const asTenant = await t.app.inject({
      method: 'GET',
      url: url(b.id),
      headers: bearer(await signIn(t, userOfB)),
    });
    expect(asTenant.statusCode).toBe(403);
  });

  it('checks values by the feature type and writes nothing on failure', async () => {
    const headers = await hostHeaders();
    const tenant = await given(t.database.db).tenant();
    const response = await t.app.inject({
      method: 'PUT',
      url: url(tenant.id),
      headers,
      payload: {
        'Homeward.MaxDevices': -1,
        'Homeward.TwoFactor': 'sometimes',
        'Homeward.NationalLogin': 'yes',
        'Homeward.Nope': true,
        'Homeward.Screens.Wifi': false,
      },
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().error.validationErrors as { field: string; message: string }[]).map(
      (error) => error.field,
    );
    expect(fields.sort()).toEqual([
      'Homeward.MaxDevices',
      'Homeward.NationalLogin',
      'Homeward.Nope',
      'Homeward.TwoFactor',
    ]);
    expect(response.json().error.validationErrors).toContainEqual({
      field: 'Homeward.Nope',
      message: 'tenants:unknownFeature',
    });
    const [rows] = await t.database.db
      .select({ value: count() })
      .from(tenantFeatures)
      .where(eq(tenantFeatures.tenantId, tenant.id));
    expect(rows!.value).toBe(0);
  });

  it('switches national login on only for a tenant with a CVR', async () => {
    const headers = await hostHeaders();
    const tenant = await given(t.database.db).tenant();
    const refused = await t.app.inject({
      method: 'PUT',
      url: url(tenant.id),
      headers,
      payload: { 'Homeward.NationalLogin': true, 'Homeward.MaxDevices': 5 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'Homeward.NationalLogin', message: 'tenants:nationalLoginNeedsCvr' },
    ]);
    expect(await loadTenantFeatures(t.database.db, tenant.id)).toMatchObject({
      'Homeward.NationalLogin': false,
      'Homeward.MaxDevices': 1000,
    });
    await t.database.db.update(tenants).set({ cvr: '12345678' }).where(eq(tenants.id, tenant.id));
    const accepted = await t.app.inject({
      method: 'PUT',
      url: url(tenant.id),
      headers,
      payload: { 'Homeward.NationalLogin': true },
    });
    expect(accepted.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `/api/tenants/${tenant.id}`, headers });
    expect(list.json().nationalLogin).toBe(true);
  });

  it('answers 404 for an unknown tenant and 403 without ManageFeatures', async () => {
    const unknown = '0190f0f0-0000-7000-8000-000000000000';
    const headers = await hostHeaders();
    expect((await t.app.inject({ method: 'GET', url: url(unknown), headers })).statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: url(unknown),
      headers,
      payload: { 'Homeward.MaxDevices': 1 },
    });
    expect(put.statusCode).toBe(404);
    const tenant = await given(t.database.db).tenant();
    const viewer = await hostHeaders(['Homeward.Tenants']);
    expect((await t.app.inject({ method: 'GET', url: url(tenant.id), headers: viewer })).statusCode).toBe(
      403,
    );
  });
});
