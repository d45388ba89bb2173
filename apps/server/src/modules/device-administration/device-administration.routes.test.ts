import { ALL_TENANTS_ID, PHYSICAL_LOCATIONS as L, TENANT_FILTER_HEADER } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { administrationTenant, type AdministrationTenant } from './device-administration-test-support';

let t: TestApp;
let a: AdministrationTenant;

beforeAll(async () => {
  t = await buildTestApp();
  a = await administrationTenant(t);
});
afterAll(async () => {
  await t.close();
});

describe('physical location', () => {
  it('moves a watch In stock → Testing → Sent to customer → At customer and keeps each move as history', async () => {
    const watch = await a.watch({ physicalLocation: L.inStock });
    for (const [to, note] of [
      [L.testing, 'Bench test'],
      [L.sentToCustomer, 'Parcel 123'],
      [L.atCustomer, ''],
    ] as const) {
      const moved = await a.call('PUT', `/${watch.id}/location`, { to, note });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().physicalLocation).toBe(to);
    }
    const history = await a.call('GET', `/${watch.id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().totalCount).toBe(3);
    expect(
      history
        .json()
        .items.map((entry: { fromLocation: number; toLocation: number }) => [
          entry.fromLocation,
          entry.toLocation,
        ]),
    ).toEqual([
      [L.sentToCustomer, L.atCustomer],
      [L.testing, L.sentToCustomer],
      [L.inStock, L.testing],
    ]);
    expect(history.json().items[2]).toMatchObject({
      kind: 'location',
      note: 'Bench test',
      changedBy: a.user.userName,
    });
  });

  it('refuses Written off → At customer with 409 and the reason, and changes nothing', async () => {
    const watch = await a.watch({ physicalLocation: L.writtenOff });
    const refused = await a.call('PUT', `/${watch.id}/location`, { to: L.atCustomer });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'conflict',
      message: 'deviceAdministration:refused.fromWrittenOff',
    });
    const detail = await a.call('GET', `/${watch.id}`);
    expect(detail.json()).toMatchObject({
      physicalLocation: L.writtenOff,
      allowedLocations: [L.beingRepaired],
    });
    expect((await a.call('GET', `/${watch.id}/history`)).json().totalCount).toBe(0);
  });

  it('refuses a move to the same location and reads a watch without a location as Not set', async () => {
    const watch = await a.watch();
    expect((await a.call('GET', `/${watch.id}`)).json().physicalLocation).toBe(L.notSet);
    const first = await a.call('PUT', `/${watch.id}/location`, { to: L.inStock });
    expect(first.statusCode).toBe(200);
    const same = await a.call('PUT', `/${watch.id}/location`, { to: L.inStock });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.message).toBe('deviceAdministration:refused.sameLocation');
  });

  it('answers 400 for an unknown location, a NUL byte or a huge note, and 404 for an unknown watch', async () => {
    const watch = await a.watch({ physicalLocation: L.inStock });
    for (const payload of [
      { to: 9 },
      { to: L.testing, note: 'a\u0000b' },
      { to: L.testing, note: 'x'.repeat(5000) },
    ]) {
      const bad = await a.call('PUT', `/${watch.id}/location`, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await a.call('PUT', '/0190c1a2-0000-7000-8000-000000000000/location', { to: L.testing });
    expect(missing.statusCode).toBe(404);
  });
});

describe('sale and condition', () => {
  it('changes the sales type and the other sale fields, keeping what changed as history', async () => {
    const watch = await a.watch({ saleType: 'sale' });
    const saved = await a.call('PUT', `/${watch.id}/sale`, {
      readyForSale: true,
      saleType: 'rental',
      purchaseDate: '2024-03-01',
      owner: 'Aarhus Kommune',
      operator: 'TDC',
      note: 'Leased now',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      readyForSale: true,
      saleType: 'rental',
      purchaseDate: '2024-03-01',
      owner: 'Aarhus Kommune',
      operator: 'TDC',
    });
    const [entry] = (await a.call('GET', `/${watch.id}/history`)).json().items;
    expect(entry).toMatchObject({
      kind: 'sale',
      note: 'Leased now',
      changes: {
        readyForSale: { from: false, to: true },
        saleType: { from: 'sale', to: 'rental' },
        owner: { from: null, to: 'Aarhus Kommune' },
      },
    });
  });

  it('updates the condition with DIAG notes; a bad date or condition is a field error', async () => {
    const watch = await a.watch();
    const saved = await a.call('PUT', `/${watch.id}/condition`, {
      condition: 'defective',
      diag: 'Screen cracked',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ condition: 'defective', diag: 'Screen cracked' });
    const [entry] = (await a.call('GET', `/${watch.id}/history`)).json().items;
    expect(entry).toMatchObject({
      kind: 'condition',
      changes: { diag: { from: null, to: 'Screen cracked' } },
    });

    const badCondition = await a.call('PUT', `/${watch.id}/condition`, { condition: 'broken' });
    expect(badCondition.statusCode).toBe(400);
    expect(badCondition.json().error.validationErrors[0].field).toBe('condition');
    const badDate = await a.call('PUT', `/${watch.id}/sale`, {
      readyForSale: false,
      purchaseDate: '2024-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.validationErrors[0].field).toBe('purchaseDate');
  });
});

describe('list', () => {
  it('is paged, sorted and searched on the server', async () => {
    const b = await administrationTenant(t);
    const [first, second] = [
      await b.watch({ name: 'Alpha' }),
      await b.watch({ name: 'Beta', readyForSale: true }),
    ];
    const page = await b.call('GET', '?sorting=name%20desc&maxResultCount=1');
    expect(page.json()).toMatchObject({ totalCount: 2, items: [{ id: second.id, name: 'Beta' }] });
    const searched = await b.call('GET', `?filter=${first.imei}`);
    expect(searched.json().items.map((item: { id: string }) => item.id)).toEqual([first.id]);
    const ready = await b.call('GET', '?readyForSale=true');
    expect(ready.json().items.map((item: { id: string }) => item.id)).toEqual([second.id]);
    expect((await b.call('GET', '?sorting=secret')).statusCode).toBe(400);
  });

  it('needs the permission: reading without it is 403, editing with read only is 403', async () => {
    const reader = await administrationTenant(t, ['Homeward.DeviceAdministration']);
    const watch = await reader.watch({ physicalLocation: L.inStock });
    expect((await reader.call('GET', '')).statusCode).toBe(200);
    expect((await reader.call('PUT', `/${watch.id}/location`, { to: L.testing })).statusCode).toBe(403);
    expect((await reader.call('POST', `/${watch.id}/stop`, { kind: 'lost' })).statusCode).toBe(403);
    const none = await administrationTenant(t, ['Homeward.Devices']);
    expect((await none.call('GET', '')).statusCode).toBe(403);
  });
});

describe('host view', () => {
  it('shows every tenant\'s watches with their tenant under "All", read-only', async () => {
    const g = given(t.database.db);
    const host = await signIn(
      t,
      await g.user({
        tenantId: null,
        permissions: [
          'Homeward.Tenants',
          'Homeward.Tenants.Filter',
          'Homeward.DeviceAdministration',
          'Homeward.DeviceAdministration.Edit',
        ],
      }),
    );
    const b = await administrationTenant(t);
    const [mine, theirs] = [await a.watch({ physicalLocation: L.inStock }), await b.watch()];
    const headers = { ...bearer(host), [TENANT_FILTER_HEADER]: ALL_TENANTS_ID };
    const list = await t.app.inject({
      url: '/api/device-administration/devices?maxResultCount=1000',
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().items as { id: string; tenantName: string | null }[];
    expect(items.find((item) => item.id === mine.id)?.tenantName).toBe(a.tenant.name);
    expect(items.find((item) => item.id === theirs.id)?.tenantName).toBe(b.tenant.name);

    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/device-administration/devices/${mine.id}/location`,
      headers,
      payload: { to: L.testing },
    });
    expect(write.statusCode).toBe(400);
    expect(write.json().error.message).toBe('tenancy:allTenantsIsReadOnly');
    expect((await a.call('GET', `/${mine.id}`)).json().physicalLocation).toBe(L.inStock);
  });
});
