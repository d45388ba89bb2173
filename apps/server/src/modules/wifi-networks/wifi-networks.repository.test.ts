import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { given } from '../../test/given';
import {
  findTrustedWifiNetworksByMacs,
  findWifiNetworkByMac,
  insertWifiNetwork,
  widenAutomaticWifiNetworkBounds,
} from './wifi-networks.repository';
import { UNIQUE_WIFI_ERRORS } from './wifi-networks.service';
import type { WifiNetworkInsert } from './wifi-networks.schema';
import { locateByWifi } from './wifi-positioning';

/* The queries the telemetry pipeline uses for indoor positioning, and the unique MAC per tenant. */

let database: TestDatabase;
let tenantA: string;
let tenantB: string;

const network = (tenantId: string, macAddress: string, values: Partial<WifiNetworkInsert> = {}) =>
  insertWifiNetwork(database.db, { tenantId, macAddress, ...values });

beforeAll(async () => {
  database = await createTestDatabase();
  const g = given(database.db);
  [tenantA, tenantB] = [(await g.tenant()).id, (await g.tenant()).id];
  const placed = { latitude: 55.68, longitude: 12.57 };
  await network(tenantA, '00:00:00:00:00:01', { trustLevel: 'trusted', ...placed });
  await network(tenantA, '00:00:00:00:00:02', { trustLevel: 'untrusted', ...placed });
  await network(tenantA, '00:00:00:00:00:03', { trustLevel: 'unknown', ...placed });
  await network(tenantA, '00:00:00:00:00:04', { trustLevel: 'trusted' });
  await network(tenantA, '00:00:00:00:00:05', { trustLevel: 'trusted', type: 'automatic', ...placed });
  await network(tenantB, '00:00:00:00:00:06', { trustLevel: 'trusted', ...placed });
  await network(tenantA, 'AA:00:00:00:00:01', { type: 'automatic' });
  await network(tenantA, 'AA:00:00:00:00:02', {
    type: 'manual',
    latitude: 1,
    longitude: 1,
    minLatitude: 1,
    maxLatitude: 1,
    minLongitude: 1,
    maxLongitude: 1,
  });
});
afterAll(async () => {
  await database?.drop();
});

describe('findTrustedWifiNetworksByMacs', () => {
  it('returns only the tenant’s trusted networks with a position, for MACs in any spelling', async () => {
    const macs = [
      '00-00-00-00-00-01',
      '000000000002',
      '0000.0000.0003',
      '00:00:00:00:00:04',
      '00:00:00:00:00:05',
    ];
    const found = await findTrustedWifiNetworksByMacs(database.db, tenantA, [
      ...macs,
      '00:00:00:00:00:06',
      'junk',
    ]);
    expect(found.map((row) => row.macAddress).sort()).toEqual(['00:00:00:00:00:01', '00:00:00:00:00:05']);
    expect(await findTrustedWifiNetworksByMacs(database.db, tenantB, macs)).toEqual([]);
    expect(await findTrustedWifiNetworksByMacs(database.db, tenantA, [])).toEqual([]);
  });
});

describe('locating a watch from what it heard', () => {
  it('uses only trusted networks: a loud untrusted one does not move the fix', async () => {
    await network(tenantA, 'CC:00:00:00:00:01', { trustLevel: 'trusted', latitude: 10, longitude: 10 });
    await network(tenantA, 'CC:00:00:00:00:02', { trustLevel: 'untrusted', latitude: 20, longitude: 20 });
    const heard = [
      { mac: 'cc-00-00-00-00-01', rssi: -80 },
      { mac: 'cc-00-00-00-00-02', rssi: -30 },
    ];
    const trusted = await findTrustedWifiNetworksByMacs(
      database.db,
      tenantA,
      heard.map((each) => each.mac),
    );
    expect(locateByWifi(heard, trusted)).toMatchObject({ lat: 10, lon: 10 });
  });
});

describe('widenAutomaticWifiNetworkBounds', () => {
  it('grows an automatic network’s bounds to each fix and centres its position', async () => {
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'aa-00-00-00-00-01', 55, 12)).toBe(1);
    expect(await findWifiNetworkByMac(database.db, tenantA, 'AA:00:00:00:00:01')).toMatchObject({
      minLatitude: 55,
      maxLatitude: 55,
      minLongitude: 12,
      maxLongitude: 12,
      latitude: 55,
      longitude: 12,
    });
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'AA:00:00:00:00:01', 55.5, 11)).toBe(
      1,
    );
    expect(await findWifiNetworkByMac(database.db, tenantA, 'AA:00:00:00:00:01')).toMatchObject({
      minLatitude: 55,
      maxLatitude: 55.5,
      minLongitude: 11,
      maxLongitude: 12,
      latitude: 55.25,
      longitude: 11.5,
    });
    // A fix inside the bounds changes nothing, so it writes nothing.
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'AA:00:00:00:00:01', 55.2, 11.5)).toBe(
      0,
    );
  });

  it('never changes a manual network, another tenant’s network, or on a bad fix', async () => {
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'AA:00:00:00:00:02', 50, 10)).toBe(0);
    expect(await findWifiNetworkByMac(database.db, tenantA, 'AA:00:00:00:00:02')).toMatchObject({
      minLatitude: 1,
      maxLatitude: 1,
      latitude: 1,
    });
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantB, 'AA:00:00:00:00:01', 10, 10)).toBe(0);
    expect(
      await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'AA:00:00:00:00:01', Number.NaN, 10),
    ).toBe(0);
    expect(await widenAutomaticWifiNetworkBounds(database.db, tenantA, 'junk', 10, 10)).toBe(0);
  });
});

describe('the audit trail', () => {
  it('records an entity change for every written network', async () => {
    const [row] = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from entity_changes where entity_type = 'wifi_networks'`,
    );
    expect(row!.n).toBeGreaterThanOrEqual(8);
  });
});

describe('the unique MAC per tenant', () => {
  it('is kept by the database, and its violation becomes the macAddress field error', async () => {
    const attempt = withUniqueFieldErrors(() => network(tenantA, '00:00:00:00:00:01'), UNIQUE_WIFI_ERRORS);
    await expect(attempt).rejects.toMatchObject({
      code: 'validation_failed',
      validationErrors: [{ field: 'macAddress', message: 'wifi:macAddressTaken' }],
    });
  });

  it('holds for the host’s own networks too (no tenant)', async () => {
    await insertWifiNetwork(database.db, { tenantId: null, macAddress: '00:00:00:00:00:01' });
    const again = withUniqueFieldErrors(
      () => insertWifiNetwork(database.db, { tenantId: null, macAddress: '00:00:00:00:00:01' }),
      UNIQUE_WIFI_ERRORS,
    );
    await expect(again).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
