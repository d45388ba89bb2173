import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { tenants } from '../modules/tenants/tenants.schema';
import { users } from '../modules/users/users.schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { bearer, signIn } from '../test/sign-in';
import {
  DEMO_ACCOUNTS,
  DEMO_HOUSEHOLD_NAME,
  DEMO_PASSWORD,
  DEMO_TENANT_NAME,
  seedDemoData,
} from './demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemoData(t.database.db);
});
afterAll(async () => {
  await t.close();
});

async function configurationOf(userName: string) {
  const tokens = await signIn(t, { userName, password: DEMO_PASSWORD });
  return (await t.app.inject({ url: '/api/app/configuration', headers: bearer(tokens) })).json();
}

describe('demo data', () => {
  it('lets every demo account sign in with the documented password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const configuration = await configurationOf(account.userName);
      expect(configuration.currentUser.userName).toBe(account.userName);
      expect(configuration.currentUser.roles).toContain(account.role);
    }
  });

  it('puts the host admin above every tenant, and the kommune admin and caregiver in Demo Kommune', async () => {
    const admin = await configurationOf('admin');
    expect(admin.currentTenant).toEqual({ id: null, name: null });
    expect(admin.grantedPolicies['Homeward.Tenants.Create']).toBe(true);

    const kommuneAdmin = await configurationOf('kommune.admin');
    expect(kommuneAdmin.currentTenant.name).toBe(DEMO_TENANT_NAME);
    expect(kommuneAdmin.grantedPolicies['Homeward.Roles.Create']).toBe(true);
    expect(kommuneAdmin.grantedPolicies['Homeward.Tenants']).toBeUndefined();

    const caregiver = await configurationOf('caregiver');
    expect(caregiver.currentTenant.id).toBe(kommuneAdmin.currentTenant.id);
    expect(caregiver.grantedPolicies['Homeward.Devices']).toBe(true);
    expect(caregiver.grantedPolicies['Homeward.Devices.Create']).toBeUndefined();
  });

  it('gives Demo Kommune geofences around Aarhus: the admin manages them, the caregiver sees them', async () => {
    const adminTokens = await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD });
    const list = await t.app.inject({ url: '/api/geofences?sorting=name asc', headers: bearer(adminTokens) });
    expect(
      list
        .json()
        .items.map((fence: { kind: string }) => fence.kind)
        .sort(),
    ).toEqual(['circle', 'circle', 'polygon']);
    const admin = await configurationOf('kommune.admin');
    expect(admin.grantedPolicies['Homeward.Geofences.Delete']).toBe(true);
    const caregiver = await configurationOf('caregiver');
    expect(caregiver.grantedPolicies['Homeward.Geofences']).toBe(true);
    expect(caregiver.grantedPolicies['Homeward.Geofences.Create']).toBeUndefined();
  });

  it('gives Demo Kommune organizations with watches, which its admin may manage', async () => {
    const tokens = await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD });
    const page = (
      await t.app.inject({ url: '/api/organizations?maxResultCount=100', headers: bearer(tokens) })
    ).json();
    const byName = new Map(
      page.items.map((o: { displayName: string; deviceCount: number }) => [o.displayName, o]),
    );
    expect(byName.get('Plejecenter Solgården')).toMatchObject({ deviceCount: 3, parentName: null });
    expect(byName.get('Team Strandvejen')).toMatchObject({ deviceCount: 2, parentName: 'Hjemmeplejen Syd' });
    const configuration = await configurationOf('kommune.admin');
    for (const permission of ['', '.Create', '.Edit', '.Delete', '.Move']) {
      expect(configuration.grantedPolicies[`Homeward.Organizations${permission}`]).toBe(true);
    }
  });

  it('gives Demo Kommune a product catalogue and customers with contacts and prices', async () => {
    const kommuneAdmin = await configurationOf('kommune.admin');
    for (const permission of [
      'Homeward.Customers.ManagePrices',
      'Homeward.ContactPeople.Create',
      'Homeward.Accessories.Edit',
    ])
      expect(kommuneAdmin.grantedPolicies[permission]).toBe(true);
    const headers = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const get = async (url: string) => (await t.app.inject({ url, headers })).json();
    const catalogue = await get('/api/products');
    expect(catalogue.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Homeward Watch 4G', stellaIdPrefix: 'STL' })]),
    );
    const customers = await get('/api/customers?sorting=name%20asc');
    expect(customers.totalCount).toBe(3);
    const north = customers.items[0];
    expect(north).toMatchObject({ discountPercentage: 10, contactCount: 2 });
    const pricing = await get(`/api/customers/${north.id}/prices`);
    expect(
      pricing.items.filter((item: { customerPriceMinor: number | null }) => item.customerPriceMinor !== null),
    ).toHaveLength(2);
  });

  it('seeds a household: family.owner owns it as its admin, pnp.user is a member', async () => {
    const owner = await configurationOf('family.owner');
    expect(owner.isPlugAndPlay).toBe(true);
    expect(owner.currentTenant.name).toBe(DEMO_HOUSEHOLD_NAME);
    expect(owner.grantedPolicies['Homeward.Billing']).toBe(true);
    const member = await configurationOf('pnp.user');
    expect(member.isPlugAndPlay).toBe(true);
    expect(member.currentTenant.id).toBe(owner.currentTenant.id);
    expect(member.grantedPolicies['Homeward.Billing']).toBeUndefined();
    const [household] = await t.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, owner.currentTenant.id));
    expect(household).toMatchObject({ kind: 'household', ownerUserId: owner.currentUser.id });
  });

  it('seeds once: a second run adds nothing', async () => {
    const before = await t.database.db.select({ n: count() }).from(users);
    await seedDemoData(t.database.db);
    expect(await t.database.db.select({ n: count() }).from(users)).toEqual(before);
  });

  it('gives the demo watches a device family and live state, so the dashboard chart counts them', async () => {
    const headers = bearer(await signIn(t, { userName: 'kommune.admin', password: DEMO_PASSWORD }));
    const summary = (await t.app.inject({ url: '/api/devices/summary', headers })).json();
    expect(summary).toMatchObject({ active: 4, inactive: 2 });
    const page = (await t.app.inject({ url: '/api/devices?sorting=lastSeenAt%20desc', headers })).json();
    expect(page.items[0]).toMatchObject({ productName: 'Homeward Watch 4G', networkStatus: 'connected' });
    expect(page.items[0].stellaId).toMatch(/^STL\d{7}$/);
  });
});
