import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { BASE, givenDevices, organizationsAdmin } from './organizations-test-support';

/** An id no row has. */
const UNKNOWN_ID = '0190a1b2-0000-7000-8000-000000000001';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('organizations API: list, lookups, create and update', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const viewer = await organizationsAdmin(t, ['Homeward.Organizations']);
    const refused = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: viewer.headers,
      payload: { displayName: 'X' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await viewer.get(BASE)).json().totalCount).toBe(0);
  });

  it('lists a page with parent name and device count, searched and sorted on the server', async () => {
    const admin = await organizationsAdmin(t);
    const north = await admin.create('Distrikt Nord');
    const aalborg = await admin.create('Aalborg', north.id);
    await admin.create('Bjerget', north.id);
    await admin.create('Syd');
    await givenDevices(t, admin.tenantId, aalborg.id, 2);

    const page = (await admin.get(`${BASE}?maxResultCount=2`)).json();
    expect(page.totalCount).toBe(4);
    expect(page.items.map((o: { displayName: string }) => o.displayName)).toEqual(['Aalborg', 'Bjerget']);
    expect(page.items[0]).toMatchObject({ parentName: 'Distrikt Nord', deviceCount: 2, childCount: 0 });

    const searched = (await admin.get(`${BASE}?filter=nord`)).json();
    expect(searched.items).toHaveLength(1);
    expect(searched.items[0]).toMatchObject({
      displayName: 'Distrikt Nord',
      childCount: 2,
      parentName: null,
    });

    const byDevices = (await admin.get(`${BASE}?sorting=deviceCount%20desc&maxResultCount=1`)).json();
    expect(byDevices.items[0].displayName).toBe('Aalborg');
    const last = (await admin.get(`${BASE}?sorting=displayName%20desc&skipCount=3`)).json();
    expect(last.items.map((o: { displayName: string }) => o.displayName)).toEqual(['Aalborg']);

    const badSort = await admin.get(`${BASE}?sorting=code;drop`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error.validationErrors[0].field).toBe('sorting');
  });

  it('looks organizations and roles up as {id, displayName}, paged with skip and take', async () => {
    const admin = await organizationsAdmin(t);
    for (const name of ['Alfa', 'Beta', 'Gamma']) await admin.create(name);
    const lookup = (await admin.get(`${BASE}/lookup?skip=1&take=1`)).json();
    expect(lookup).toEqual({ items: [{ id: expect.any(String), displayName: 'Beta' }], totalCount: 3 });
    expect((await admin.get(`${BASE}/lookup?filter=amm`)).json().items[0].displayName).toBe('Gamma');
    expect((await admin.get(`${BASE}/lookup?take=1000`)).statusCode).toBe(400);

    const role = await given(t.database.db).role({ tenantId: admin.tenantId, name: 'Hjemmepleje' });
    await given(t.database.db).role({ tenantId: admin.tenantId, name: 'Natvagt' });
    const roles = (await admin.get(`${BASE}/roles?filter=hjem`)).json();
    expect(roles).toEqual({ items: [{ id: role.id, displayName: 'Hjemmepleje' }], totalCount: 1 });
  });

  it('creates under a parent with customer and geofence, reads it, and updates it', async () => {
    const admin = await organizationsAdmin(t);
    const customer = await given(t.database.db).customer(admin.tenantId, 'Aarhus Hjemmepleje');
    const geofence = await given(t.database.db).geofence(admin.tenantId, 'Solbakken');
    const [CUSTOMER, GEOFENCE] = [customer.id, geofence.id];
    const root = await admin.create('Hjemmeplejen');
    const created = await admin.create('Team 1', root.id, { customerId: CUSTOMER, geofenceId: GEOFENCE });
    const read = (await admin.get(`${BASE}/${created.id}`)).json();
    expect(read).toMatchObject({
      displayName: 'Team 1',
      parentId: root.id,
      parentName: 'Hjemmeplejen',
      customerId: CUSTOMER,
      customerName: 'Aarhus Hjemmepleje',
      geofenceId: GEOFENCE,
      geofenceName: 'Solbakken',
      deviceCount: 0,
    });
    const lookups = await Promise.all(
      ['customer-lookup?filter=hjem', 'geofence-lookup?filter=sol'].map(async (path) =>
        (await admin.get(`${BASE}/${path}`)).json(),
      ),
    );
    expect(lookups).toEqual([
      { items: [{ id: CUSTOMER, displayName: 'Aarhus Hjemmepleje' }], totalCount: 1 },
      { items: [{ id: GEOFENCE, displayName: 'Solbakken' }], totalCount: 1 },
    ]);
    // Another tenant's customer and geofence are unknown here, whatever the foreign keys allow.
    const other = await organizationsAdmin(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: other.headers,
      payload: { displayName: 'Snyd', customerId: CUSTOMER, geofenceId: GEOFENCE },
    });
    expect(foreign.json().error.validationErrors).toEqual([
      { field: 'customerId', message: 'organizations:unknownCustomer' },
      { field: 'geofenceId', message: 'organizations:unknownGeofence' },
    ]);
    expect((await other.get(`${BASE}/customer-lookup`)).json()).toEqual({ items: [], totalCount: 0 });

    const updated = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${created.id}`,
      headers: admin.headers,
      payload: { displayName: 'Team Et', customerId: null },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ displayName: 'Team Et', customerId: null, geofenceId: null });
  });

  it('refuses invalid input with field errors and unknown ids with 404', async () => {
    const admin = await organizationsAdmin(t);
    const root = await admin.create('Rod');
    await admin.create('Team', root.id);
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: BASE, headers: admin.headers, payload });

    const empty = (await post({ displayName: '  ' })).json();
    expect(empty.error.validationErrors).toEqual([{ field: 'displayName', message: 'validation.required' }]);
    const badIds = (await post({ displayName: 'X', customerId: 'nope' })).json();
    expect(badIds.error.validationErrors[0].field).toBe('customerId');
    const taken = (await post({ displayName: 'team', parentId: root.id })).json();
    expect(taken.error.validationErrors).toEqual([
      { field: 'displayName', message: 'organizations:nameTaken' },
    ]);
    const unknownParent = (await post({ displayName: 'X', parentId: UNKNOWN_ID })).json();
    expect(unknownParent.error.validationErrors).toEqual([
      { field: 'parentId', message: 'organizations:unknownParent' },
    ]);

    for (const url of [`${BASE}/${UNKNOWN_ID}`, `${BASE}/${UNKNOWN_ID}/children`]) {
      expect((await admin.get(url)).statusCode).toBe(404);
    }
    expect((await admin.get(`${BASE}/not-a-uuid`)).statusCode).toBe(400);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${UNKNOWN_ID}`,
      headers: admin.headers,
      payload: { displayName: 'X' },
    });
    expect(put.statusCode).toBe(404);
  });
});
