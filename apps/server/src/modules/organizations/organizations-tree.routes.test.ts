import { given } from '../../test/given';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import {
  BASE,
  givenDevices,
  organizationsAdmin,
  type OrganizationsCaller,
} from './organizations-test-support';

/** An id no row has. */
const UNKNOWN_ID = '0190a1b2-0000-7000-8000-000000000001';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const names = (page: { items: { displayName: string }[] }) => page.items.map((o) => o.displayName);

function send(admin: OrganizationsCaller, method: 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
}

describe('organizations API: the tree', () => {
  it('pages the children of one organization', async () => {
    const admin = await organizationsAdmin(t);
    const root = await admin.create('Rod');
    for (const name of ['C', 'A', 'B']) await admin.create(name, root.id);
    const first = (await admin.get(`${BASE}/${root.id}/children?maxResultCount=2`)).json();
    expect(first.totalCount).toBe(3);
    expect(names(first)).toEqual(['A', 'B']);
    expect(names((await admin.get(`${BASE}/${root.id}/children?skipCount=2`)).json())).toEqual(['C']);
    expect(names((await admin.get(`${BASE}/${root.id}/children?filter=b`)).json())).toEqual(['B']);
    expect(names((await admin.get(`${BASE}?roots=true`)).json())).toEqual(['Rod']);
  });

  it('moves a subtree and refuses a move into its own subtree, changing nothing', async () => {
    const admin = await organizationsAdmin(t);
    const north = await admin.create('Nord');
    const team = await admin.create('Team', north.id);
    const south = await admin.create('Syd');

    const intoChild = await send(admin, 'POST', `${BASE}/${north.id}/move`, { newParentId: team.id });
    expect(intoChild.statusCode).toBe(400);
    expect(intoChild.json().error.validationErrors).toEqual([
      { field: 'newParentId', message: 'organizations:moveIntoOwnSubtree' },
    ]);
    const intoSelf = await send(admin, 'POST', `${BASE}/${north.id}/move`, { newParentId: north.id });
    expect(intoSelf.json().error.validationErrors[0].message).toBe('organizations:moveIntoOwnSubtree');
    expect((await admin.get(`${BASE}/${north.id}`)).json().parentId).toBeNull();

    const moved = await send(admin, 'POST', `${BASE}/${north.id}/move`, { newParentId: south.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parentId: south.id, parentName: 'Syd' });
    const teamAfter = (await admin.get(`${BASE}/${team.id}`)).json();
    expect(teamAfter.code.startsWith(`${moved.json().code}.`)).toBe(true);

    const toRoot = await send(admin, 'POST', `${BASE}/${north.id}/move`, { newParentId: null });
    expect(toRoot.json()).toMatchObject({ parentId: null, parentName: null });
    const missing = await send(admin, 'POST', `${BASE}/${UNKNOWN_ID}/move`, { newParentId: null });
    expect(missing.statusCode).toBe(404);
    const noBody = await send(admin, 'POST', `${BASE}/${north.id}/move`, {});
    expect(noBody.statusCode).toBe(400);
  });

  it('refuses to delete an organization with children, saying how many, and deletes nothing', async () => {
    const admin = await organizationsAdmin(t);
    const north = await admin.create('Distrikt Nord');
    await admin.create('Team 1', north.id);
    await admin.create('Team 2', north.id);

    const refused = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${north.id}`,
      headers: { ...admin.headers, 'accept-language': 'da' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'conflict',
      message: 'Organisationen har 2 underorganisation(er); flyt eller slet dem først',
      validationErrors: [{ field: 'id', message: 'organizations:hasChildren', params: { count: 2 } }],
    });
    const english = await send(admin, 'DELETE', `${BASE}/${north.id}`);
    expect(english.json().error.message).toBe(
      'The organization has 2 sub-organization(s); move or delete them first',
    );
    expect((await admin.get(BASE)).json().totalCount).toBe(3);
  });

  it('refuses to delete an organization with devices, and deletes an empty leaf', async () => {
    const admin = await organizationsAdmin(t);
    const withDevices = await admin.create('Plejecenter');
    await givenDevices(t, admin.tenantId, withDevices.id, 3);
    const refused = await send(admin, 'DELETE', `${BASE}/${withDevices.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'id', message: 'organizations:hasDevices', params: { count: 3 } },
    ]);
    expect((await admin.get(`${BASE}/${withDevices.id}`)).json().deviceCount).toBe(3);

    const leaf = await admin.create('Tom');
    expect((await send(admin, 'DELETE', `${BASE}/${leaf.id}`)).statusCode).toBe(204);
    expect((await admin.get(`${BASE}/${leaf.id}`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `${BASE}/${leaf.id}`)).statusCode).toBe(404);
  });

  it('finds the default customer on the organization or its nearest ancestor', async () => {
    const admin = await organizationsAdmin(t);
    const CUSTOMER = (await given(t.database.db).customer(admin.tenantId)).id;
    const other = (await given(t.database.db).customer(admin.tenantId)).id;
    const root = await admin.create('Kommune', null, { customerId: CUSTOMER });
    const middle = await admin.create('Område', root.id);
    const leaf = await admin.create('Team', middle.id);
    const own = await admin.create('Eget', middle.id, { customerId: other });
    const bare = await admin.create('Uden');
    const customerOf = async (id: string) =>
      (await admin.get(`${BASE}/${id}/default-customer`)).json().customerId;
    expect(await customerOf(leaf.id)).toBe(CUSTOMER);
    expect(await customerOf(own.id)).toBe(other);
    expect(await customerOf(root.id)).toBe(CUSTOMER);
    expect(await customerOf(bare.id)).toBeNull();
    expect((await admin.get(`${BASE}/${CUSTOMER}/default-customer`)).statusCode).toBe(404);
  });
});

describe('organizations API across tenants', () => {
  it('answers 404 to another tenant for children, default customer and move', async () => {
    const a = await organizationsAdmin(t);
    const b = await organizationsAdmin(t);
    const CUSTOMER = (await given(t.database.db).customer(a.tenantId)).id;
    const own = await a.create('A-organisation', null, { customerId: CUSTOMER });
    await a.create('A-team', own.id);
    expect((await b.get(`${BASE}/${own.id}/children`)).statusCode).toBe(404);
    expect((await b.get(`${BASE}/${own.id}/default-customer`)).statusCode).toBe(404);
    expect((await send(b, 'POST', `${BASE}/${own.id}/move`, { newParentId: null })).statusCode).toBe(404);
    const bRoot = await b.create('B-organisation');
    const intoA = await send(b, 'POST', `${BASE}/${bRoot.id}/move`, { newParentId: own.id });
    expect(intoA.json().error.validationErrors[0].message).toBe('organizations:unknownParent');
    expect((await a.get(`${BASE}/${own.id}/children`)).json().totalCount).toBe(1);
  });
});
