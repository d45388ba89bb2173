import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { bearer, signIn, type TestTokens } from '../../test/sign-in';
import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import { devices } from './devices.schema';
import { products } from '../products/products.schema';
import { selectRows } from '../../platform/db/database';

let t: TestApp;
let adminA: TestTokens;
let viewerA: TestTokens;
let adminB: TestTokens;
let hostAdmin: TestTokens;
let userA: GivenUser;
let organizationA: string;
let otherOrganizationA: string;
let organizationB: string;

const IMEI = '490154203237518';
const OTHER_IMEI = '356938035643809';

beforeAll(async () => {
  t = await buildTestApp();
  const g = given(t.database.db);
  const [tenantA, tenantB] = [await g.tenant(), await g.tenant()];
  const full = [
    'Homeward.Devices',
    'Homeward.Devices.Create',
    'Homeward.Devices.Edit',
    'Homeward.Devices.Delete',
    'Homeward.Devices.BatchCreate',
  ];
  userA = await g.user({
    tenantId: tenantA.id,
    roles: [await g.role({ tenantId: tenantA.id, permissions: full })],
  });
  const viewer = await g.user({
    tenantId: tenantA.id,
    roles: [await g.role({ tenantId: tenantA.id, permissions: ['Homeward.Devices'] })],
  });
  const userB = await g.user({
    tenantId: tenantB.id,
    roles: [await g.role({ tenantId: tenantB.id, permissions: full })],
  });
  const host = await g.user({ tenantId: null, permissions: full });
  organizationA = (await g.organization(tenantA.id, 'Distrikt Syd')).id;
  otherOrganizationA = (await g.organization(tenantA.id, 'Plejecenter Nord')).id;
  organizationB = (await g.organization(tenantB.id, 'B-enheden')).id;
  [adminA, viewerA, adminB, hostAdmin] = await Promise.all([
    signIn(t, userA),
    signIn(t, viewer),
    signIn(t, userB),
    signIn(t, host),
  ]);
});
afterAll(async () => {
  await t.close();
});

const register = (tokens: TestTokens | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/devices', headers: tokens ? bearer(tokens) : {}, payload });
const list = (tokens: TestTokens, query = '') =>
  t.app.inject({ url: `/api/devices${query}`, headers: bearer(tokens) });
const batch = (tokens: TestTokens, csv: string) =>
  t.app.inject({ method: 'POST', url: '/api/devices/batch', headers: bearer(tokens), payload: { csv } });
const deviceCount = async () =>
  (await selectRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from devices`))[0]!.n;

describe('device registration', () => {
  it('registers a watch with every registry field in the caller’s tenant and organization', async () => {
    const created = await register(adminA, {
      name: 'Anna’s watch',
      imei: IMEI,
      organizationId: organizationA,
      serialNumber: 'hw-4g-00017',
      stellaId: 'stl0012345',
      deviceIdentifier: '8800000017',
      phoneNumber: '+4512345678',
      operator: 'TDC',
      owner: 'Demo Kommune',
      purchaseDate: '2026-03-01',
      saleType: 'rental',
      condition: 'new',
      diag: 'fw 1.2.3',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Anna’s watch',
      imei: IMEI,
      status: 'unknown',
      organizationId: organizationA,
      organizationName: 'Distrikt Syd',
      serialNumber: 'HW-4G-00017',
      stellaId: 'STL0012345',
      deviceIdentifier: '8800000017',
      purchaseDate: '2026-03-01',
      saleType: 'rental',
      condition: 'new',
      battery: null,
      networkStatus: 'unknown',
      lastSeenAt: null,
      location: null,
    });
    const page = (await list(adminA)).json();
    expect(page.totalCount).toBe(1);
    expect(page.items[0].imei).toBe(IMEI);
  });

  it('answers 401 without a token and 403 without Devices.Create, and creates nothing', async () => {
    const before = await deviceCount();
    expect(
      (await register(undefined, { name: 'x', imei: OTHER_IMEI, organizationId: organizationA })).statusCode,
    ).toBe(401);
    const refused = await register(viewerA, { name: 'x', imei: OTHER_IMEI, organizationId: organizationA });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect(await deviceCount()).toBe(before);
  });

  it('refuses a wrong IMEI check digit, a missing organization and malformed fields, field by field', async () => {
    const before = await deviceCount();
    const response = await register(adminA, {
      name: '',
      imei: '490154203237519',
      serialNumber: 'no spaces allowed',
      stellaId: '12345',
      purchaseDate: '2026-02-30',
      phoneNumber: '12ab',
    });
    expect(response.statusCode).toBe(400);
    const fields = Object.fromEntries(
      response
        .json()
        .error.validationErrors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields).toMatchObject({
      imei: 'devices:imeiInvalid',
      organizationId: 'devices:organizationRequired',
      serialNumber: 'devices:serialNumberInvalid',
      stellaId: 'devices:stellaIdInvalid',
      purchaseDate: 'validation.invalid',
      phoneNumber: 'validation.digitsOnly',
    });
    expect(fields.name).toBeDefined();
    expect(await deviceCount()).toBe(before);
  });

  it('refuses another tenant’s organization as unknown, and the host without a tenant', async () => {
    const foreign = await register(adminA, { name: 'x', imei: OTHER_IMEI, organizationId: organizationB });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.validationErrors).toEqual([
      { field: 'organizationId', message: 'devices:unknownOrganization' },
    ]);
    const host = await register(hostAdmin, { name: 'x', imei: OTHER_IMEI, organizationId: organizationA });
    expect(host.statusCode).toBe(400);
    expect(host.json().error.validationErrors).toEqual([
      { field: 'tenantId', message: 'devices:tenantRequired' },
    ]);
  });

  it('keeps IMEI, Stella ID and device id unique across tenants without telling which tenant has them', async () => {
    const duplicate = await register(adminB, {
      name: 'Copy',
      imei: IMEI,
      organizationId: organizationB,
      stellaId: 'STL0012345',
      deviceIdentifier: '8800000017',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.validationErrors).toEqual([
      { field: 'imei', message: 'devices:imeiTaken' },
      { field: 'stellaId', message: 'devices:stellaIdTaken' },
      { field: 'deviceIdentifier', message: 'devices:deviceIdentifierTaken' },
    ]);
    expect(duplicate.body).not.toContain(userA.tenantId!);
    expect(duplicate.body).not.toContain('Distrikt');
  });
});

describe('device list, summary and actions', () => {
  it('filters by status, battery and organization, sorts by last seen, and pages on the server', async () => {
    const ids: string[] = [];
    for (const [index, organizationId] of [organizationA, otherOrganizationA, otherOrganizationA].entries()) {
      const response = await register(adminA, { name: `Watch ${index}`, imei: randomImei(), organizationId });
      ids.push(response.json().id);
    }
    const seen = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await t.database.db
      .update(devices)
      .set({ status: 'online', battery: 80, lastSeenAt: seen(1) })
      .where(eq(devices.id, ids[0]!));
    await t.database.db
      .update(devices)
      .set({ status: 'online', battery: 15, lastSeenAt: seen(5) })
      .where(eq(devices.id, ids[1]!));
    await t.database.db
      .update(devices)
      .set({ status: 'offline', battery: 50, lastSeenAt: seen(90) })
      .where(eq(devices.id, ids[2]!));

    const online = (await list(adminA, '?status=online&sorting=lastSeenAt%20desc')).json();
    expect(online.items.map((d: { id: string }) => d.id)).toEqual([ids[0], ids[1]]);
    const low = (await list(adminA, '?batteryMax=20')).json();
    expect(low.items.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    const north = (await list(adminA, `?organizationId=${otherOrganizationA}&sorting=battery%20asc`)).json();
    expect(north.items.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[2]]);
    const page2 = (await list(adminA, '?sorting=lastSeenAt%20desc&skipCount=1&maxResultCount=2')).json();
    expect(page2.totalCount).toBe(4);
    expect(page2.items.map((d: { id: string }) => d.id)).toEqual([ids[1], ids[2]]);
    expect((await list(adminA, '?sorting=colour')).statusCode).toBe(400);

    const summary = (await t.app.inject({ url: '/api/devices/summary', headers: bearer(adminA) })).json();
    expect(summary).toMatchObject({
      active: 2,
      inactive: 2,
      byStatus: { online: 2, offline: 1, unknown: 1 },
    });
    expect(
      (await t.app.inject({ url: '/api/devices/summary', headers: bearer(adminB) })).json(),
    ).toMatchObject({
      active: 0,
      inactive: 0,
    });
  });

  it('renames a device and moves it to another organization, refusing a foreign one', async () => {
    const [device] = (await list(adminA, `?filter=${IMEI}`)).json().items;
    const url = `/api/devices/${device.id}`;
    const moved = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(adminA),
      payload: { name: 'Anna’s new watch', organizationId: otherOrganizationA },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ name: 'Anna’s new watch', organizationName: 'Plejecenter Nord' });
    const foreign = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(adminA),
      payload: { name: 'x', organizationId: organizationB },
    });
    expect(foreign.json().error.validationErrors).toEqual([
      { field: 'organizationId', message: 'devices:unknownOrganization' },
    ]);
    expect((await t.app.inject({ url, headers: bearer(adminA) })).json().name).toBe('Anna’s new watch');
  });

  it('deletes a device, and answers 404 for it afterwards and for another tenant', async () => {
    const created = (
      await register(adminA, { name: 'Short-lived', imei: randomImei(), organizationId: organizationA })
    ).json();
    const url = `/api/devices/${created.id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(adminB) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(viewerA) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(adminA) })).statusCode).toBe(204);
    expect((await t.app.inject({ url, headers: bearer(adminA) })).statusCode).toBe(404);
  });
});

describe('batch registration from CSV', () => {
  const good1 = randomImei();
  const good2 = randomImei();
  const csv = [
    'imei;name;organization;serialNumber;purchaseDate',
    `${good1};Batch watch 1;Distrikt Syd;SN-0001;2026-01-15`,
    '490154203237519;Wrong check digit;Distrikt Syd;;',
    `${randomImei()};Unknown unit;Nowhere;;`,
    `${good2};Batch watch 2;plejecenter nord;;2026-13-01`,
    `${good2.slice(0, 14)}${(Number(good2.at(-1)) + 5) % 10};Also wrong;Distrikt Syd;;`,
    `${IMEI};Already registered here;Distrikt Syd;;`,
  ].join('\n');

  it('creates the good lines, refuses the bad ones with reasons, and reports lines already there', async () => {
    const before = await deviceCount();
    const first = await batch(adminA, csv);
    expect(first.statusCode).toBe(200);
    const result = first.json();
    expect(result).toMatchObject({ created: 1, alreadyRegistered: 1, refused: 4 });
    expect(result.rows.map((row: { line: number; outcome: string }) => [row.line, row.outcome])).toEqual([
      [2, 'created'],
      [3, 'refused'],
      [4, 'refused'],
      [5, 'refused'],
      [6, 'refused'],
      [7, 'alreadyRegistered'],
    ]);
    expect(result.rows[1].errors).toEqual([{ field: 'imei', message: 'devices:imeiInvalid' }]);
    expect(result.rows[2].errors).toEqual([
      { field: 'organization', message: 'devices:unknownOrganization' },
    ]);
    expect(result.rows[3].errors).toEqual([{ field: 'purchaseDate', message: 'validation.invalid' }]);
    expect(await deviceCount()).toBe(before + 1);
  });

  it('creates nothing twice when the same file is uploaded again', async () => {
    const before = await deviceCount();
    const again = (await batch(adminA, csv)).json();
    expect(again).toMatchObject({ created: 0, alreadyRegistered: 2, refused: 4 });
    expect(await deviceCount()).toBe(before);
    const found = (await list(adminA, `?filter=${good1}`)).json();
    expect(found.totalCount).toBe(1);
  });

  it('refuses a line whose IMEI another tenant has, without naming the tenant', async () => {
    const result = (await batch(adminB, `imei,name,organization\n${good1},Mine now,B-enheden`)).json();
    expect(result.rows[0]).toMatchObject({
      outcome: 'refused',
      errors: [{ field: 'imei', message: 'devices:imeiTaken' }],
    });
  });

  it('refuses a whole file with an unknown column, and needs BatchCreate', async () => {
    const unknown = await batch(adminA, 'imei,name,organization,colour\n1,2,3,4');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.validationErrors).toEqual([
      { field: 'csv', message: 'devices:csvUnknownColumn', params: { column: 'colour' } },
    ]);
    expect((await batch(viewerA, csv)).statusCode).toBe(403);
  });
});

describe('device families', () => {
  let watchFamily: string;
  beforeAll(async () => {
    const [row] = await t.database.db
      .insert(products)
      .values({
        tenantId: userA.tenantId,
        kind: 'deviceFamily',
        name: 'Homeward Watch 4G',
        listPriceMinor: 149_500,
        currency: 'DKK',
        stellaIdPrefix: 'STL',
        serialNumberPattern: 'HW4G-\\d{5}',
      })
      .returning({ id: products.id });
    watchFamily = row!.id;
    await t.database.db.insert(products).values({
      tenantId: userA.tenantId,
      kind: 'service',
      name: 'Alarm service',
      listPriceMinor: 9_900,
      currency: 'DKK',
    });
  });

  it('offers only the tenant’s device families in the product picker', async () => {
    const options = (
      await t.app.inject({ url: '/api/devices/product-options', headers: bearer(adminA) })
    ).json();
    expect(options).toEqual({
      items: [{ id: watchFamily, name: 'Homeward Watch 4G', stellaIdPrefix: 'STL' }],
    });
    const other = (
      await t.app.inject({ url: '/api/devices/product-options', headers: bearer(adminB) })
    ).json();
    expect(other).toEqual({ items: [] });
  });

  it('warns about a Stella ID without the product’s prefix, and registers it after OK', async () => {
    const body = {
      name: 'Prefix watch',
      imei: randomImei(),
      organizationId: organizationA,
      productId: watchFamily,
      stellaId: 'ABC0000001',
      serialNumber: 'HW4G-00001',
    };
    const before = await deviceCount();
    const warned = await register(adminA, body);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().error).toMatchObject({
      code: 'conflict',
      validationErrors: [
        { field: 'stellaId', message: 'devices:stellaIdPrefixMismatch', params: { prefix: 'STL' } },
      ],
    });
    expect(await deviceCount()).toBe(before);
    const accepted = await register(adminA, { ...body, acceptStellaIdPrefixMismatch: true });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({ productName: 'Homeward Watch 4G', stellaId: 'ABC0000001' });
  });

  it('checks the serial number against the family’s pattern, and refuses a service as a product', async () => {
    const wrongSerial = await register(adminA, {
      name: 'x',
      imei: randomImei(),
      organizationId: organizationA,
      productId: watchFamily,
      serialNumber: 'HW4G-1',
    });
    expect(wrongSerial.json().error.validationErrors).toEqual([
      { field: 'serialNumber', message: 'devices:serialNumberInvalid' },
    ]);
    const foreign = await register(adminB, {
      name: 'x',
      imei: randomImei(),
      organizationId: organizationB,
      productId: watchFamily,
    });
    expect(foreign.json().error.validationErrors).toEqual([
      { field: 'productId', message: 'devices:unknownProduct' },
    ]);
    const matching = await register(adminA, {
      name: 'Good serial',
      imei: randomImei(),
      organizationId: organizationA,
      productId: watchFamily,
      serialNumber: 'hw4g-12345',
      stellaId: 'STL0000002',
    });
    expect(matching.statusCode).toBe(201);
  });

  it('names products by name in a CSV file', async () => {
    const imei = randomImei();
    const result = (
      await batch(
        adminA,
        `imei,name,organization,product,stellaId\n${imei},CSV watch,Distrikt Syd,homeward watch 4g,STL0000003\n${randomImei()},Wrong,Distrikt Syd,Alarm service,`,
      )
    ).json();
    expect(result.rows.map((row: { outcome: string }) => row.outcome)).toEqual(['created', 'refused']);
    expect(result.rows[1].errors).toEqual([{ field: 'product', message: 'devices:unknownProduct' }]);
  });
});

describe('device list sorting', () => {
  it('sorts by the exact last-seen time within a minute and across minutes, never-seen watches last', async () => {
    const organizationId = (await given(t.database.db).organization(userA.tenantId!, 'Sortering')).id;
    const ids: string[] = [];
    for (const index of [0, 1, 2, 3]) {
      const response = await register(adminA, { name: `Seen ${index}`, imei: randomImei(), organizationId });
      ids.push(response.json().id);
    }
    // A whole minute ten minutes ago: 0 and 1 seen within it, 2 in the next minute, 3 never.
    const minute = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    const seenAt = [minute + 10_000, minute + 50_000, minute + 70_000];
    for (const [index, at] of seenAt.entries()) {
      await t.database.db
        .update(devices)
        .set({ lastSeenAt: new Date(at) })
        .where(eq(devices.id, ids[index]!));
    }
    const ordered = async (direction: string) =>
      (await list(adminA, `?organizationId=${organizationId}&sorting=lastSeenAt%20${direction}`))
        .json()
        .items.map((device: { id: string }) => device.id);
    expect(await ordered('desc')).toEqual([ids[2], ids[1], ids[0], ids[3]]);
    expect(await ordered('asc')).toEqual([ids[0], ids[1], ids[2], ids[3]]);
  });
});
