import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, bearer, signInTenantCallers, type TestTokens } from '../../test/sign-in';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;
let otherTenantAdmin: TestTokens;
let call: ReturnType<typeof apiCaller>;

const FULL = [
  'Homeward.WifiNetworks',
  'Homeward.WifiNetworks.Create',
  'Homeward.WifiNetworks.Edit',
  'Homeward.WifiNetworks.Delete',
];

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  ({ admin, viewer, otherTenantAdmin } = await signInTenantCallers(t, {
    admin: FULL,
    viewer: ['Homeward.WifiNetworks'],
  }));
});
afterAll(async () => {
  await t.close();
});

const create = (tokens: TestTokens, payload: object) => call(tokens, 'POST', '/api/wifis', payload);
const fieldErrors = (response: { json(): { error: { validationErrors?: unknown[] } } }) =>
  response.json().error.validationErrors;

describe('Wi-Fi networks', () => {
  it('creates a network with a normalised MAC and finds it by MAC in any spelling', async () => {
    const created = await create(admin, {
      macAddress: 'a0-b1-c2-d3-e4-f5',
      ssid: 'Plejecenter',
      displayName: 'Stue 1',
      trustLevel: 'trusted',
      latitude: 55.68,
      longitude: 12.57,
      minLatitude: 55.67,
      maxLatitude: 55.69,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      macAddress: 'A0:B1:C2:D3:E4:F5',
      type: 'manual',
      trustLevel: 'trusted',
      minLongitude: null,
    });
    for (const spelling of ['A0:B1:C2:D3:E4:F5', 'a0b1.c2d3.e4f5', 'a0b1c2d3e4f5']) {
      const found = await call(viewer, 'GET', `/api/wifis/by-mac/${spelling}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().id).toBe(created.json().id);
    }
  });

  it('refuses a duplicate MAC in any spelling with "Mac address already exists" on macAddress', async () => {
    for (const spelling of ['A0:B1:C2:D3:E4:F5', 'a0b1c2d3e4f5', 'a0b1.c2d3.e4f5']) {
      const duplicate = await create(admin, { macAddress: spelling });
      expect(duplicate.statusCode).toBe(400);
      expect(fieldErrors(duplicate)).toEqual([{ field: 'macAddress', message: 'wifi:macAddressTaken' }]);
    }
    const danish = await t.app.inject({
      method: 'POST',
      url: '/api/wifis',
      headers: { ...bearer(admin), 'accept-language': 'da' },
      payload: { macAddress: 'a0:b1:c2:d3:e4:f5' },
    });
    expect(danish.statusCode).toBe(400);
    expect(fieldErrors(danish)).toEqual([{ field: 'macAddress', message: 'wifi:macAddressTaken' }]);
  });

  it('keeps the MAC unique under a race: one of two concurrent creates wins', async () => {
    const results = await Promise.all([
      create(admin, { macAddress: '10:20:30:40:50:60' }),
      create(admin, { macAddress: '10-20-30-40-50-60' }),
    ]);
    expect(results.map((response) => response.statusCode).sort()).toEqual([201, 400]);
    const refused = results.find((response) => response.statusCode === 400)!;
    expect(fieldErrors(refused)).toEqual([{ field: 'macAddress', message: 'wifi:macAddressTaken' }]);
  });

  it('lets another tenant use the same MAC', async () => {
    const created = await create(otherTenantAdmin, { macAddress: 'a0:b1:c2:d3:e4:f5' });
    expect(created.statusCode).toBe(201);
  });

  it('validates the MAC, the coordinate ranges, the bound order and the position inside the bounds', async () => {
    const invalid = await create(admin, {
      macAddress: 'not-a-mac',
      type: 'sometimes',
      latitude: 91,
      longitude: -181,
    });
    expect(invalid.statusCode).toBe(400);
    expect(fieldErrors(invalid)).toEqual(
      expect.arrayContaining([
        { field: 'macAddress', message: 'wifi:macAddressInvalid' },
        expect.objectContaining({ field: 'type' }),
        { field: 'latitude', message: 'validation.numberMax', params: { count: 90 } },
        { field: 'longitude', message: 'validation.numberMin', params: { count: -180 } },
      ]),
    );
    const bounds = await create(admin, {
      macAddress: '00:00:00:00:00:01',
      minLongitude: 13,
      maxLongitude: 12,
    });
    expect(fieldErrors(bounds)).toEqual([{ field: 'maxLongitude', message: 'wifi:minAboveMax' }]);
    const outside = await create(admin, {
      macAddress: '00:00:00:00:00:01',
      latitude: 56,
      longitude: 12,
      minLatitude: 55,
      maxLatitude: 55.5,
    });
    expect(fieldErrors(outside)).toEqual([{ field: 'latitude', message: 'wifi:outsideBounds' }]);
    expect((await call(admin, 'GET', '/api/wifis/by-mac/xyz')).statusCode).toBe(400);
  });

  it('lists with search by MAC in any spelling, filters by type and trust level, and sorts on the server', async () => {
    await create(admin, {
      macAddress: 'FE:ED:00:00:00:01',
      ssid: 'Auto',
      type: 'automatic',
      trustLevel: 'untrusted',
    });
    const all = (await call(viewer, 'GET', '/api/wifis?maxResultCount=100')).json();
    expect(all.totalCount).toBe(3);
    const bySpelling = (await call(viewer, 'GET', '/api/wifis?filter=a0-b1-c2')).json();
    expect(bySpelling.items.map((item: { macAddress: string }) => item.macAddress)).toEqual([
      'A0:B1:C2:D3:E4:F5',
    ]);
    expect((await call(viewer, 'GET', '/api/wifis?filter=plejecenter')).json().totalCount).toBe(1);
    const automatic = (await call(viewer, 'GET', '/api/wifis?type=automatic')).json();
    expect(automatic.items.map((item: { ssid: string }) => item.ssid)).toEqual(['Auto']);
    expect((await call(viewer, 'GET', '/api/wifis?trustLevel=trusted')).json().totalCount).toBe(1);
    expect(
      (await call(viewer, 'GET', '/api/wifis?trustLevel=trusted&type=automatic')).json().totalCount,
    ).toBe(0);
    const sorted = (await call(viewer, 'GET', '/api/wifis?sorting=macAddress desc')).json();
    expect(sorted.items[0].macAddress).toBe('FE:ED:00:00:00:01');
    expect((await call(viewer, 'GET', '/api/wifis?sorting=secret')).statusCode).toBe(400);
    expect((await call(viewer, 'GET', '/api/wifis?trustLevel=maybe')).statusCode).toBe(400);
  });

  it('updates a network (trust level, MAC) and refuses taking another network’s MAC', async () => {
    const network = (await call(admin, 'GET', '/api/wifis/by-mac/FE:ED:00:00:00:01')).json();
    const updated = await call(admin, 'PUT', `/api/wifis/${network.id}`, {
      macAddress: 'feed.0000.0002',
      type: 'automatic',
      trustLevel: 'trusted',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      macAddress: 'FE:ED:00:00:00:02',
      trustLevel: 'trusted',
      ssid: '',
    });
    // Saving it under its own MAC is no conflict.
    const same = await call(admin, 'PUT', `/api/wifis/${network.id}`, { macAddress: 'FE:ED:00:00:00:02' });
    expect(same.statusCode).toBe(200);
    const taken = await call(admin, 'PUT', `/api/wifis/${network.id}`, { macAddress: '10:20:30:40:50:60' });
    expect(taken.statusCode).toBe(400);
    expect(fieldErrors(taken)).toEqual([{ field: 'macAddress', message: 'wifi:macAddressTaken' }]);
  });

  it('answers 404 for an unknown id or MAC, and deletes by id', async () => {
    const unknownId = '0190b9e0-0000-7000-8000-000000000000';
    expect((await call(admin, 'GET', '/api/wifis/by-mac/00:00:00:00:00:99')).statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', `/api/wifis/${unknownId}`, { macAddress: '00:00:00:00:00:99' })).statusCode,
    ).toBe(404);
    expect((await call(admin, 'DELETE', `/api/wifis/${unknownId}`)).statusCode).toBe(404);
    const network = (await call(admin, 'GET', '/api/wifis/by-mac/10:20:30:40:50:60')).json();
    expect((await call(admin, 'DELETE', `/api/wifis/${network.id}`)).statusCode).toBe(204);
    expect((await call(admin, 'GET', '/api/wifis/by-mac/10:20:30:40:50:60')).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', `/api/wifis/${network.id}`)).statusCode).toBe(404);
  });

  it('needs a sign-in, and each write needs its own permission', async () => {
    expect((await call(undefined, 'GET', '/api/wifis')).statusCode).toBe(401);
    const network = (await call(viewer, 'GET', '/api/wifis/by-mac/A0:B1:C2:D3:E4:F5')).json();
    const attempts = [
      await create(viewer, { macAddress: '00:00:00:00:00:42' }),
      await call(viewer, 'PUT', `/api/wifis/${network.id}`, { macAddress: network.macAddress }),
      await call(viewer, 'DELETE', `/api/wifis/${network.id}`),
    ];
    expect(attempts.map((response) => response.statusCode)).toEqual([403, 403, 403]);
    expect((await call(viewer, 'GET', '/api/wifis/by-mac/00:00:00:00:00:42')).statusCode).toBe(404);
  });

  it('exports the searched list as a spreadsheet', async () => {
    const exported = await call(viewer, 'GET', '/api/wifis/export?filter=plejecenter');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });
});
