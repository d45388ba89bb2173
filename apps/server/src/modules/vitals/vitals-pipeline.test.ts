import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import type { TestApp } from '../../test/build-test-app';
import { alarmsOf, givenWatch } from '../alarms/alarms-test-support';
import { readPositionRetentionDays } from '../telemetry/position-partitions';
import { postOsmand, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { givenReadings } from './vitals-test-support';
import { deleteExpiredVitalReadings } from './vitals-retention';
import { citizenVitalThresholds } from './vitals.schema';

/**
 * Vitals through the pipeline from a gateway that sends them as attributes (OsmAnd's query), for
 * what the watch frames cannot show: a resent report adds nothing and counts no repeat, an old
 * report is stored at its time like its position (not past the retention) and raises nothing, and
 * the retention job deletes what positions no longer keep.
 */
let t: TestApp;
let tenantId: string;

usePipelineTestApp((world) => {
  ({ t, tenantId } = world);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY_MS) / 1000) * 1000);
const seconds = (date: Date) => date.getTime() / 1000;

async function givenWatchWithLimits() {
  const watch = await givenWatch(t, tenantId, { citizen: true });
  await t.database.db
    .insert(citizenVitalThresholds)
    .values({ tenantId, citizenId: watch.citizenId!, heartRateMin: 40, heartRateMax: 140 });
  return watch;
}

async function readingTimes(deviceId: string) {
  const rows = await selectRows<{ at: Date | string; heart_rate: number | null }>(
    t.database.db,
    sql`select at, heart_rate from vital_readings where device_id = ${deviceId} order by at`,
  );
  return rows.map((row) => ({ at: new Date(row.at).toISOString(), heartRate: row.heart_rate }));
}

describe('vitals in the pipeline', () => {
  it('stores a resent report once, counting its alarm once, and drops implausible values', async () => {
    const { device } = await givenWatchWithLimits();
    const at = daysAgo(0.01);
    const report = { id: device.imei, timestamp: seconds(at), lat: 56.15, lon: 10.2, heartRate: 160 };
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect((await postOsmand(t, report)).statusCode).toBe(200);
    expect(await readingTimes(device.id)).toEqual([{ at: at.toISOString(), heartRate: 160 }]);
    expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ kind: 'vitals', count: 1 })]);

    // A sensor's 255 and a report without vitals store nothing.
    const later = daysAgo(0.005);
    await postOsmand(t, {
      id: device.imei,
      timestamp: seconds(later),
      lat: 56.15,
      lon: 10.2,
      heartRate: 255,
    });
    await postOsmand(t, { id: device.imei, timestamp: seconds(later) + 1, lat: 56.15, lon: 10.2 });
    expect(await readingTimes(device.id)).toHaveLength(1);
  });

  it('stores an old report at its time within the retention, raising nothing, and not past it', async () => {
    const { device } = await givenWatchWithLimits();
    const old = daysAgo(45);
    const ancient = daysAgo(200);
    for (const at of [old, ancient]) {
      const report = { id: device.imei, timestamp: seconds(at), lat: 56.15, lon: 10.2, heartRate: 190 };
      expect((await postOsmand(t, report)).statusCode).toBe(200);
    }
    expect(await readingTimes(device.id)).toEqual([{ at: old.toISOString(), heartRate: 190 }]);
    expect(await alarmsOf(t, device.id)).toEqual([]);
  });

  it('deletes the readings older than the position retention (90 days by default)', async () => {
    const { device, citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const owner = { tenantId, deviceId: device.id, citizenId };
    await givenReadings(t.database.db, owner, [
      [daysAgo(91), { heartRate: 60 }],
      [daysAgo(89), { heartRate: 61 }],
      [daysAgo(1), { heartRate: 62 }],
    ]);
    const retentionDays = await readPositionRetentionDays(t.database.db);
    expect(await deleteExpiredVitalReadings(t.database.db, new Date(), retentionDays)).toBeGreaterThanOrEqual(
      1,
    );
    expect((await readingTimes(device.id)).map((row) => row.heartRate)).toEqual([61, 62]);
  });
});
