import type { DeviceReport } from '@homeward/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { given } from '../../test/given';
import {
  findTrustedWifiNetworksByMacs,
  insertWifiNetwork,
  widenAutomaticWifiNetworkBounds,
} from '../wifi-networks/wifi-networks.repository';
import { wifiNetworks, type WifiNetworkInsert } from '../wifi-networks/wifi-networks.schema';
import { locateByWifi } from '../wifi-networks/wifi-positioning';
import { MAX_WIDENING_ACCURACY_METERS, positionsOfReports, type ReportPosition } from './report-position';

/*
 * The batch's Wi-Fi work is set-based: one lookup and one UPDATE whatever the batch holds, with
 * the results of placing the reports one by one (two tenants seeded alike: one placed report by
 * report, the other as one batch).
 */

let database: TestDatabase;
let oneByOne: string;
let batched: string;
let other: string;
const now = new Date('2026-11-26T10:00:00Z');

/** The same networks in a tenant; every MAC ends in the number used in the reports below. */
async function seedNetworks(tenantId: string) {
  const network = (mac: number, values: Partial<WifiNetworkInsert>) =>
    insertWifiNetwork(database.db, { tenantId, macAddress: macOf(mac), ...values });
  const box = (lat: number, lon: number) => ({
    latitude: lat,
    longitude: lon,
    minLatitude: lat,
    maxLatitude: lat,
    minLongitude: lon,
    maxLongitude: lon,
  });
  await network(1, { trustLevel: 'trusted', latitude: 55.68, longitude: 12.57 });
  await network(2, { trustLevel: 'trusted', latitude: 55.681, longitude: 12.571 });
  // A trusted automatic network: fixes earlier in the batch move it for the reports after them.
  await network(3, { trustLevel: 'trusted', type: 'automatic', ...box(55.7, 12.6) });
  // Automatic without bounds, trusted without position: the first fix gives it both.
  await network(4, { trustLevel: 'trusted', type: 'automatic' });
  await network(5, { trustLevel: 'untrusted', type: 'automatic', ...box(55.6, 12.5) });
  await network(6, { trustLevel: 'unknown', latitude: 50, longitude: 10 });
  await network(7, { trustLevel: 'trusted', type: 'manual', ...box(55.5, 12.4) });
}

const macOf = (n: number) => `00:00:00:00:00:${String(n).padStart(2, '0')}`;
/** Report spelling: lower case with dashes. */
const heard = (...macs: [number, number][]) =>
  macs.map(([mac, rssi]) => ({ mac: macOf(mac).replace(/:/g, '-'), rssi }));

function report(index: number, values: Partial<DeviceReport>): DeviceReport {
  const at = new Date(now.getTime() - (100 - index) * 1000).toISOString();
  return {
    deviceIdentifier: `device-${index}`,
    protocol: 'watch',
    deviceTime: at,
    receivedAt: at,
    kind: 'position',
    cells: [],
    wifis: [],
    alarms: [],
    attributes: {},
    ...values,
  };
}

const fix = (lat: number, lon: number, accuracyMeters?: number) => ({
  lat,
  lon,
  valid: true,
  ...(accuracyMeters === undefined ? {} : { accuracyMeters }),
});

/** Many reports of every kind, Wi-Fi positioning and widening interleaved. */
const reports: DeviceReport[] = [
  report(0, { wifis: heard([1, -50], [2, -70], [6, -30]) }),
  report(1, { wifis: heard([3, -60]) }),
  report(2, { position: fix(55.71, 12.61, 10), wifis: heard([3, -60], [4, -70], [5, -80], [7, -50]) }),
  report(3, { wifis: heard([3, -60], [4, -60]) }),
  report(4, { position: { lat: 55.1, lon: 12.1, valid: false }, wifis: heard([5, -40], [6, -40]) }),
  report(5, { position: fix(55.72, 12.59, 500), wifis: heard([3, -60]) }),
  report(6, { position: fix(55.69, 12.62, 20), wifis: heard([3, -60], [4, -60], [4, -70]), old: true }),
  report(7, { position: fix(55.695, 12.58), wifis: heard([3, -60], [4, -50], [5, -50]) }),
  report(8, { wifis: heard([3, -60], [4, -80], [1, -90]) }),
  report(9, { position: fix(0, 0, 5), wifis: heard([4, -60]) }),
  report(10, { position: { lat: 55.2, lon: 12.2, valid: false } }),
  report(11, {}),
  ...Array.from({ length: 40 }, (_, n) =>
    n % 2 === 0
      ? report(12 + n, { position: fix(55.7 + n * 0.001, 12.6 - n * 0.0005, 15), wifis: heard([3, -55]) })
      : report(12 + n, { wifis: heard([3, -60], [1, -70], [7, -65]) }),
  ),
];

/**
 * The reference: how the pipeline placed a report before it was set-based, one report at a time,
 * with a statement per widened MAC and a lookup per Wi-Fi report.
 */
async function positionOfReportOneByOne(
  db: Database,
  tenantId: string,
  each: DeviceReport,
): Promise<ReportPosition | null> {
  const p = each.position;
  const fix = p && !(p.lat === 0 && p.lon === 0) ? p : undefined;
  if (fix?.valid) {
    const precise = fix.accuracyMeters === undefined || fix.accuracyMeters <= MAX_WIDENING_ACCURACY_METERS;
    if (precise && !each.old) {
      for (const mac of new Set(each.wifis.map((wifi) => wifi.mac))) {
        await widenAutomaticWifiNetworkBounds(db, tenantId, mac, fix.lat, fix.lon, now);
      }
    }
    const accuracyMeters = fix.accuracyMeters ?? null;
    return { source: 'gps', latitude: fix.lat, longitude: fix.lon, accuracyMeters, valid: true };
  }
  if (each.wifis.length > 0) {
    const trusted = await findTrustedWifiNetworksByMacs(
      db,
      tenantId,
      each.wifis.map((wifi) => wifi.mac),
    );
    const located = locateByWifi(each.wifis, trusted);
    if (located) {
      const { lat: latitude, lon: longitude, accuracyMeters } = located;
      return { source: 'wifi', latitude, longitude, accuracyMeters, valid: true };
    }
  }
  return fix
    ? { source: 'gps', latitude: fix.lat, longitude: fix.lon, accuracyMeters: null, valid: false }
    : null;
}

/** The database with every statement issued through it counted. */
function counting(db: Database): { db: Database; statements: () => number } {
  let statements = 0;
  const builders = new Set(['select', 'update', 'insert', 'delete', 'execute']);
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (typeof property === 'string' && builders.has(property)) statements += 1;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: proxy, statements: () => statements };
}

const networksOf = async (tenantId: string) =>
  (
    await database.db
      .select()
      .from(wifiNetworks)
      .where(eq(wifiNetworks.tenantId, tenantId))
      .orderBy(asc(wifiNetworks.macAddress))
  ).map(({ id: _id, tenantId: _tenant, createdAt: _created, updatedAt, ...rest }) => ({
    ...rest,
    // Seeded rows differ by their insert time; a widened one has the batch's time.
    widenedNow: updatedAt.getTime() === now.getTime(),
  }));

beforeAll(async () => {
  database = await createTestDatabase();
  const g = given(database.db);
  [oneByOne, batched, other] = [(await g.tenant()).id, (await g.tenant()).id, (await g.tenant()).id];
  for (const tenantId of [oneByOne, batched, other]) await seedNetworks(tenantId);
});
afterAll(async () => {
  await database?.drop();
});

describe('positionsOfReports (the batch’s Wi-Fi work)', () => {
  it('gives the positions and network bounds of placing the reports one by one, in two statements', async () => {
    const expected = [];
    const one = counting(database.db);
    for (const each of reports) expected.push(await positionOfReportOneByOne(one.db, oneByOne, each));
    // Before: a lookup per Wi-Fi report without a valid fix (26), an UPDATE per MAC of each fix (27).
    expect(one.statements()).toBe(53);
    const otherBefore = await networksOf(other);

    const { db, statements } = counting(database.db);
    const positions = await positionsOfReports(db, batched, reports, now);

    expect(statements()).toBe(2);
    expect(positions).toEqual(expected);
    expect(await networksOf(batched)).toEqual(await networksOf(oneByOne));
    // Another tenant's networks with the same MACs neither place nor move.
    expect(await networksOf(other)).toEqual(otherBefore);
    // The batch did place by Wi-Fi, trusted networks only, and widened what it should have.
    expect(positions[0]).toMatchObject({ source: 'wifi', valid: true });
    expect(positions[4]).toMatchObject({ source: 'gps', valid: false, latitude: 55.1 });
    expect(positions[10]).toMatchObject({ source: 'gps', valid: false });
    expect(positions[11]).toBeNull();
    const widened = (await networksOf(batched)).find((row) => row.macAddress === macOf(4))!;
    expect(widened).toMatchObject({ minLatitude: 55.695, maxLatitude: 55.71, widenedNow: true });
    const manual = (await networksOf(batched)).find((row) => row.macAddress === macOf(7))!;
    expect(manual).toMatchObject({ latitude: 55.5, longitude: 12.4, widenedNow: false });
  });

  it('issues no statement for a batch without Wi-Fi, and one lookup for Wi-Fi without fixes', async () => {
    const plain = counting(database.db);
    await positionsOfReports(plain.db, batched, [report(0, { position: fix(55, 12) }), report(1, {})], now);
    expect(plain.statements()).toBe(0);

    const indoor = counting(database.db);
    const located = await positionsOfReports(
      indoor.db,
      batched,
      Array.from({ length: 30 }, (_, n) => report(n, { wifis: heard([1, -50], [2, -50 - n]) })),
      now,
    );
    expect(indoor.statements()).toBe(1);
    expect(located.every((position) => position?.source === 'wifi')).toBe(true);
  });
});
