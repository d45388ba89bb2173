import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { alarms } from '../alarms/alarms.schema';
import { geofenceEvents } from '../geofence-engine/geofence-engine.schema';
import { givenCircleFence, givenWornWatch, northOf } from '../geofence-engine/geofence-engine-test-support';
import { listPositionPartitions, maintainPositionPartitions } from './position-partitions';
import {
  deviceRow,
  givenDevice,
  givenWifiNetwork,
  positionsOf,
  postOsmand,
  randomMac,
  usePipelineTestApp,
  watchTime,
  withWatchGateway,
} from './telemetry-test-support';
import { wifiNetworks } from '../wifi-networks/wifi-networks.schema';

/**
 * Reports older than 30 days (a watch re-uploading what it buffered, an app's offline queue, a
 * clock reset to a default date), end to end through the real gateways, pipeline and database:
 * they keep the device's time, are deduped on it, are stored in the month they belong to while a
 * partition holds it, and never become the device's current place or battery, nor move a fence.
 */
let t: TestApp;
let tenantId: string;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOME = { lat: 56.1572, lon: 10.2107 };

usePipelineTestApp(async (world) => {
  ({ t, tenantId } = world);
  // As at every start-up: the months of the retention (90 days) exist.
  await maintainPositionPartitions(t.database.db, new Date());
});

/** A whole second `days` ago (OsmAnd timestamps and watch times have whole seconds). */
const daysAgo = (days: number) => new Date(Math.floor((Date.now() - days * DAY_MS) / 1000) * 1000);
const seconds = (date: Date) => date.getTime() / 1000;

const osmand = (query: Record<string, string | number>) => postOsmand(t, query);

describe('reports over 30 days old', () => {
  it('keep their device time, are stored once however often sent, and leave the current state alone', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const recent = daysAgo(0.01);
    await osmand({ id: device.imei, timestamp: seconds(recent), lat: HOME.lat, lon: HOME.lon, batt: 90 });
    const seenBefore = (await deviceRow(t.database.db, device.id)).lastSeenAt!;

    const old = daysAgo(45);
    const report = { id: device.imei, timestamp: seconds(old), lat: 55.1, lon: 9.1, batt: 12 };
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await osmand(report)).statusCode).toBe(200);

    expect(await positionsOf(t.database.db, device.id)).toMatchObject([
      { deviceTime: old, latitude: 55.1, battery: 12, valid: true },
      { deviceTime: recent, latitude: HOME.lat },
    ]);
    const row = await deviceRow(t.database.db, device.id);
    // The watch is talking now (last seen), but its place and battery are those of the recent report.
    expect(row).toMatchObject({ latitude: HOME.lat, locatedAt: recent, battery: 90 });
    expect(row.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(seenBefore.getTime());
    // An old battery below the threshold raises no low-battery alarm.
    expect(await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id))).toEqual([]);
  });

  it('never become the place of a device that has none yet, nor move a geofence state', async () => {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, tenantId, [fence.id]);
    const far = northOf(HOME, 2000);
    for (const days of [40, 39.9]) {
      const report = { id: device.imei, timestamp: seconds(daysAgo(days)), lat: far.lat, lon: far.lon };
      expect((await osmand({ ...report, accuracy: 5 })).statusCode).toBe(200);
    }
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(2);
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({
      latitude: null,
      locatedAt: null,
      status: 'online',
    });
    expect(
      await t.database.db.select().from(geofenceEvents).where(eq(geofenceEvents.deviceId, device.id)),
    ).toEqual([]);
  });

  it('never widen an automatic Wi-Fi network with their fix (the network may have moved since)', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const mac = randomMac();
    const network = await givenWifiNetwork(t.database.db, tenantId, {
      mac,
      trustLevel: 'trusted',
      type: 'automatic',
      latitude: 56.1,
      longitude: 10.1,
    });
    const search = new URLSearchParams([
      ['id', device.imei],
      ['timestamp', String(seconds(daysAgo(50)))],
      ['lat', '56.101'],
      ['lon', '10.102'],
      ['wifi', `${mac},-60`],
    ]);
    expect((await t.app.inject({ method: 'POST', url: `/api/gateway/osmand?${search}` })).statusCode).toBe(
      200,
    );
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
    const [stored] = await t.database.db.select().from(wifiNetworks).where(eq(wifiNetworks.id, network.id));
    expect(stored).toMatchObject({ minLatitude: null, maxLatitude: null });
  });

  it('from a watch over TCP keep their time and are deduped on it', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const old = daysAgo(60);
      const frame = `UD2,${watchTime(old)},A,55.2,N,9.2,E,0,0,0,7,50,66,0,0,00000000,0,0,12`;
      await watch.report(frame);
      await watch.report(frame);
      expect(await positionsOf(t.database.db, device.id)).toMatchObject([
        { deviceTime: old, protocol: 'watch', latitude: 55.2, battery: 66 },
      ]);
      const row = await deviceRow(t.database.db, device.id);
      expect(row).toMatchObject({ latitude: null, battery: null, status: 'online' });
      expect(row.lastSeenAt).not.toBeNull();
    });
  });

  it('older than every partition store no position, fail nothing, are counted, and still raise their SOS', async () => {
    // The oldest partition is the month of the retention cutoff (90 days back): no older month is
    // kept, and every month within the retention exists.
    const [oldest] = await listPositionPartitions(t.database.db);
    const [, year, month] = /^device_positions_y(\d{4})m(\d{2})$/.exec(oldest!)!;
    const start = Date.UTC(Number(year), Number(month) - 1, 1);
    expect(start).toBeLessThanOrEqual(daysAgo(89).getTime());
    expect(Date.UTC(Number(year), Number(month), 1)).toBeGreaterThan(daysAgo(91).getTime());
    const device = await givenDevice(t.database.db, tenantId);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const expiredBefore = watch.telemetryMetrics.expiredPositions('watch');
      // A watch whose clock was reset to the firmware's default date, pressing SOS without a fix.
      const reset = new Date('2000-01-01T00:03:20Z');
      await watch.report(`AL,${watchTime(reset)},V,55.3,N,9.3,E,0,0,0,0,50,70,0,0,00010000,0,0,0`);
      await watch.client.waitFor(`[3G*${device.deviceIdentifier}*0002*AL]`);
      expect(await positionsOf(t.database.db, device.id)).toEqual([]);
      expect(watch.telemetryMetrics.expiredPositions('watch')).toBe(expiredBefore + 1);
      const [raised] = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
      expect(raised).toMatchObject({ kind: 'sos' });
      // Timed when it reached us, so the alarm list shows it as new.
      expect(raised!.firstAt.getTime()).toBeGreaterThan(Date.now() - DAY_MS);
    });
  });
});
