import type { RealtimeEvent } from '@homeward/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { alarms } from '../alarms/alarms.schema';
import { geofenceEvents } from '../geofence-engine/geofence-engine.schema';
import { givenCircleFence, givenWornWatch, northOf } from '../geofence-engine/geofence-engine-test-support';
import {
  deviceRow,
  eventually,
  givenDevice,
  givenWifiNetwork,
  positionsOf,
  postOsmand,
  randomMac,
  usePipelineTestApp,
  watchLocation as location,
  withWatchGateway,
} from './telemetry-test-support';

/**
 * Reports without a fix (a watch's `V` frame, OsmAnd `valid=false`, MQTT `valid: false`) and at
 * 0,0, end to end: real gateways (watch TCP, OsmAnd route, MQTT broker), pipeline and database.
 * They keep the watch's last seen time, battery and alarms; coordinates without a fix are stored
 * flagged and shown as "last known, no fix" but never move a geofence state; 0,0 is never a place.
 */
let t: TestApp;
let tenantId: string;
const events: RealtimeEvent[] = [];
usePipelineTestApp((world) => ({ t, tenantId } = world), { events });

const HOME = { lat: 56.1572, lon: 10.2107 };
const ELSEWHERE = { lat: 55.6761, lon: 12.5683 };

/** Report times ten seconds apart, ending in the past, in whole seconds (the watch's resolution). */
function clock() {
  let next = Math.floor(Date.now() / 1000) * 1000 - 10 * 60_000;
  return () => new Date((next += 10_000));
}

async function readDevice(id: string) {
  const g = given(t.database.db);
  const reader = await signIn(
    t,
    await g.user({ tenantId, roles: [await g.role({ tenantId, permissions: ['Homeward.Devices'] })] }),
  );
  const response = await t.app.inject({ method: 'GET', url: `/api/devices/${id}`, headers: bearer(reader) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ location: unknown }>();
}

describe('3G watch frames without a fix, over TCP', () => {
  it('store a V frame’s coordinates flagged invalid, as the last known place, with battery and last seen', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const next = clock();
      const fixedAt = next();
      await watch.report(location('UD', fixedAt, 'A', HOME, 80));
      const before = (await deviceRow(t.database.db, device.id)).lastSeenAt!;
      const noFixAt = next();
      await watch.report(location('UD_LTE', noFixAt, 'V', ELSEWHERE, 64));

      const row = await deviceRow(t.database.db, device.id);
      expect(row).toMatchObject({
        battery: 64,
        status: 'online',
        latitude: ELSEWHERE.lat,
        longitude: ELSEWHERE.lon,
        locatedAt: noFixAt,
        locationValid: false,
      });
      expect(row.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
      expect(await positionsOf(t.database.db, device.id)).toMatchObject([
        { deviceTime: fixedAt, valid: true, source: 'gps', latitude: HOME.lat, accuracyMeters: 15 },
        {
          deviceTime: noFixAt,
          valid: false,
          source: 'gps',
          latitude: ELSEWHERE.lat,
          accuracyMeters: null,
          speedKnots: null,
          battery: 64,
        },
      ]);
      expect(await readDevice(device.id)).toMatchObject({
        location: { lat: ELSEWHERE.lat, lon: ELSEWHERE.lon, at: noFixAt.toISOString(), valid: false },
      });
      // Live maps get the flag with the device's state; a position event is for fixes only.
      await eventually(async () =>
        events.some(
          (event) =>
            event.type === 'device' &&
            event.state.deviceId === device.id &&
            event.state.locationValid === false,
        ),
      );
      const positionEvents = events.filter(
        (event) => event.type === 'position' && event.deviceId === device.id,
      );
      expect(positionEvents).toEqual([
        expect.objectContaining({ latitude: HOME.lat, at: fixedAt.toISOString() }),
      ]);

      // The next fix is the place again.
      await watch.report(location('UD', next(), 'A', HOME, 63));
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({
        latitude: HOME.lat,
        locationValid: true,
      });
    });
  });

  it('never make 0,0 a place, with or without a fix, yet keep battery, last seen and the SOS they carry', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const next = clock();
      const fixedAt = next();
      await watch.report(location('UD', fixedAt, 'A', HOME, 80));
      await watch.report(
        location('AL_LTE', next(), 'V', { lat: 0, lon: 0 }, 30, { status: '00010000' }),
        location('UD', next(), 'A', { lat: 0, lon: 0 }, 29),
      );
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({
        battery: 29,
        latitude: HOME.lat,
        longitude: HOME.lon,
        locatedAt: fixedAt,
        locationValid: true,
      });
      expect(await positionsOf(t.database.db, device.id)).toMatchObject([{ deviceTime: fixedAt }]);
      const raised = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
      expect(raised.map((alarm) => alarm.kind)).toContain('sos');
    });
  });

  it('are placed by the tenant’s trusted Wi-Fi when they hear it, as a fix', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const home = randomMac();
    await givenWifiNetwork(t.database.db, tenantId, {
      mac: home,
      trustLevel: 'trusted',
      latitude: HOME.lat,
      longitude: HOME.lon,
    });
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const at = clock()();
      await watch.report(location('UD', at, 'V', ELSEWHERE, 70, { wifis: [['Home', home, -50]] }));
      expect(await positionsOf(t.database.db, device.id)).toMatchObject([
        { deviceTime: at, source: 'wifi', valid: true, latitude: HOME.lat, longitude: HOME.lon },
      ]);
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({
        latitude: HOME.lat,
        locationValid: true,
      });
    });
  });

  it('never move a geofence state, while a fix at the same place does', async () => {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, tenantId, [fence.id]);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const far = northOf(HOME, 1500);
      const next = clock();
      const crossings = () =>
        t.database.db
          .select()
          .from(geofenceEvents)
          .where(eq(geofenceEvents.deviceId, device.id))
          .orderBy(asc(geofenceEvents.at));
      await watch.report(location('UD', next(), 'A', HOME, 80));
      // Three no-fix frames far outside, more than the exit confirmations (2) need.
      await watch.report(...[1, 2, 3].map(() => location('UD', next(), 'V', far, 80)));
      expect(await crossings()).toEqual([]);
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({
        status: 'online',
        latitude: far.lat,
        locationValid: false,
      });

      const exitedAt = next();
      await watch.report(location('UD', exitedAt, 'A', far, 80));
      expect(await crossings()).toMatchObject([{ kind: 'exit', at: exitedAt }]);
      expect((await deviceRow(t.database.db, device.id)).status).toBe('outsideGeofence');
    });
  });

  it('answer a voice chunk with JXTKR,1 and count it as a sign of life, storing no place', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    await withWatchGateway(t.database.db, device.deviceIdentifier!, async (watch) => {
      const chunk = Buffer.concat([
        Buffer.from(`[3G*${device.deviceIdentifier}*0017*JXTK,0,voice_1,1,1,#!AMR\n`, 'latin1'),
        Buffer.from([0x7d, 0x01, 0xff, 0x00, 0x7d, 0x03]),
        Buffer.from(']'),
      ]);
      await watch.client.write(chunk);
      await watch.client.waitFor(`[3G*${device.deviceIdentifier}*0007*JXTKR,1]`);
      expect(await deviceRow(t.database.db, device.id)).toMatchObject({
        status: 'online',
        networkStatus: 'connected',
      });
      expect((await deviceRow(t.database.db, device.id)).lastSeenAt).not.toBeNull();
      expect(await positionsOf(t.database.db, device.id)).toEqual([]);
    });
  });
});

describe('OsmAnd and MQTT reports without a fix', () => {
  const osmand = (query: Record<string, string | number>) => postOsmand(t, query);

  it('store OsmAnd valid=false flagged, and never 0,0', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const next = clock();
    const noFixAt = next();
    const seconds = (date: Date) => date.getTime() / 1000;
    expect(
      (
        await osmand({
          id: device.imei,
          timestamp: seconds(noFixAt),
          lat: ELSEWHERE.lat,
          lon: ELSEWHERE.lon,
          valid: 'false',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await osmand({ id: device.imei, timestamp: seconds(next()), lat: 0, lon: 0, batt: 41 })).statusCode,
    ).toBe(200);
    expect(await positionsOf(t.database.db, device.id)).toMatchObject([
      { deviceTime: noFixAt, valid: false, latitude: ELSEWHERE.lat },
    ]);
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({
      battery: 41,
      latitude: ELSEWHERE.lat,
      locationValid: false,
    });
  });

  it('store MQTT valid: false flagged, and never 0,0', async () => {
    const device = await givenDevice(t.database.db, tenantId);
    const next = clock();
    const noFixAt = next();
    const publish = (deviceTime: Date, position: object) =>
      t.mqtt.publish(
        `homeward/devices/${device.imei}/report`,
        JSON.stringify({ deviceTime: deviceTime.toISOString(), position, battery: { percent: 52 } }),
      );
    await publish(next(), { lat: 0, lon: 0, valid: true });
    await publish(noFixAt, { ...ELSEWHERE, valid: false });
    const [stored] = await eventually(async () => {
      const rows = await positionsOf(t.database.db, device.id);
      return rows.length > 0 ? rows : null;
    });
    expect(stored).toMatchObject({ deviceTime: noFixAt, valid: false, protocol: 'mqtt' });
    expect(await positionsOf(t.database.db, device.id)).toHaveLength(1);
  });
});
