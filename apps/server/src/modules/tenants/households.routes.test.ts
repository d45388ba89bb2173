import { eq } from 'drizzle-orm';
import { TENANT_FILTER_HEADER } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { registeredHousehold } from '../registration/registration-test-helpers';
import { tenants } from './tenants.schema';

/**
 * The host's tenants screen with households (DESIGN §9): the kind filter, owners and watches, the
 * search by an owner's e-mail, deleting a household with its owner, and the tenant filter's lookup.
 */

let t: TestApp;
let headers: Record<string, string>;
const BASE = '/api/tenants';
const tag = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await buildTestApp();
  const support = await given(t.database.db).user({
    tenantId: null,
    permissions: [
      'Homeward.Tenants',
      'Homeward.Tenants.Delete',
      'Homeward.Tenants.Filter',
      'Homeward.Devices',
    ],
  });
  headers = bearer(await signIn(t, support));
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

async function watchIn(tenantId: string): Promise<void> {
  const imei = `35${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 15);
  await t.database.db.insert(devices).values({ tenantId, imei, name: 'Dad’s watch' });
}

describe('households on the tenants screen', () => {
  it('finds a household by its owner’s e-mail and shows its kind, owner and watches', async () => {
    const marker = tag();
    const owner = await registeredHousehold(t, {
      fullName: `Owner ${marker}`,
      email: `support.${marker}@example.dk`,
    });
    await watchIn(owner.householdId);
    await watchIn(owner.householdId);

    const byEmail = await get(`${BASE}?filter=${encodeURIComponent(`SUPPORT.${marker}@exa`)}`);
    expect(byEmail.totalCount).toBe(1);
    expect(byEmail.items[0]).toMatchObject({
      id: owner.householdId,
      kind: 'household',
      name: `Owner ${marker}`,
      owner: { id: owner.userId, name: `Owner ${marker}`, email: owner.email },
      watchCount: 2,
      cvr: null,
      nationalLogin: false,
    });
    // By the start of the owner's name, and by a word of the household's name.
    expect((await get(`${BASE}?filter=owner%20${marker}`)).totalCount).toBe(1);
    expect((await get(`${BASE}?filter=${marker}`)).items.map((row: { id: string }) => row.id)).toEqual([
      owner.householdId,
    ]);
    // By the start of a word of the name, any case; a LIKE wildcard is a plain character.
    expect((await get(`${BASE}?filter=${marker.slice(0, 4).toUpperCase()}`)).totalCount).toBeGreaterThan(0);
    expect((await get(`${BASE}?filter=${encodeURIComponent('%')}`)).totalCount).toBe(0);
    expect((await get(`${BASE}?filter=${encodeURIComponent(`${marker.slice(1)}`)}`)).totalCount).toBe(0);
    expect(await get(`${BASE}/${owner.householdId}`)).toMatchObject({ kind: 'household', watchCount: 2 });
  });

  it('filters by kind and pages on the server, sorted by name', async () => {
    const marker = tag();
    for (const name of ['Charlie', 'Alpha', 'Bravo']) {
      await registeredHousehold(t, { fullName: `${marker} ${name}` });
    }
    const organization = await given(t.database.db).tenant(`${marker} Municipality`);

    const households = await get(
      `${BASE}?kind=household&filter=${marker}&sorting=name%20asc&maxResultCount=2`,
    );
    expect(households.totalCount).toBe(3);
    expect(households.items.map((row: { name: string }) => row.name)).toEqual([
      `${marker} Alpha`,
      `${marker} Bravo`,
    ]);
    const secondPage = await get(
      `${BASE}?kind=household&filter=${marker}&sorting=name%20asc&maxResultCount=2&skipCount=2`,
    );
    expect(secondPage.items.map((row: { name: string }) => row.name)).toEqual([`${marker} Charlie`]);

    const organizations = await get(`${BASE}?kind=organization&filter=${marker}`);
    expect(organizations.items).toEqual([
      expect.objectContaining({ id: organization.id, kind: 'organization', owner: null, watchCount: 0 }),
    ]);
    expect((await get(`${BASE}?filter=${marker}`)).totalCount).toBe(4);
    const bad = await t.app.inject({ method: 'GET', url: `${BASE}?kind=family`, headers });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps households out of the tenant filter’s lookup unless one is asked for', async () => {
    const owner = await registeredHousehold(t);
    const organization = await given(t.database.db).tenant();
    const lookup = await get(`${BASE}/lookup`);
    const ids = lookup.items.map((row: { id: string }) => row.id);
    expect(ids).toContain(organization.id);
    expect(ids).not.toContain(owner.householdId);
    const chosen = await get(`${BASE}/lookup?include=${owner.householdId}`);
    expect(chosen.items).toContainEqual(
      expect.objectContaining({ id: owner.householdId, kind: 'household' }),
    );
  });

  it('shows the household’s watches to support through the tenant filter', async () => {
    const owner = await registeredHousehold(t);
    await watchIn(owner.householdId);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: { ...headers, [TENANT_FILTER_HEADER]: owner.householdId },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().totalCount).toBe(1);
  });

  it('deletes a household with its owner', async () => {
    const owner = await registeredHousehold(t);
    const response = await t.app.inject({ method: 'DELETE', url: `${BASE}/${owner.householdId}`, headers });
    expect(response.statusCode).toBe(204);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.id, owner.householdId))).toEqual([]);
    expect(
      (await signIn(t, { userName: owner.userName, password: owner.password }).catch(() => null)) ?? null,
    ).toBeNull();
  });
});
