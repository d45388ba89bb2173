import { GEOFENCE_ENGINE_SETTINGS, type RealtimeEvent } from '@homeward/contracts';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { bearer, signIn } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { deviceRow, eventually, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import {
  givenCircleFence,
  givenPolygonFence,
  givenWornWatch,
  northOf,
  osmandReporter,
} from './geofence-engine-test-support';
import { deviceFenceTrackings, geofenceEvents } from './geofence-engine.schema';
import { alarms } from '../alarms/alarms.schema';
import { settings } from '../settings/settings.schema';

/** The geofence engine through the real OsmAnd route and telemetry pipeline, on a real database. */
let t: TestApp;
let tenantId: string;
const events: RealtimeEvent[] = [];
usePipelineTestApp((world) => ({ t, tenantId } = world), { events });

const HOME = { lat: 56.1572, lon: 10.2107 };

const eventsOf = (deviceId: string) =>
  t.database.db
    .select()
    .from(geofenceEvents)
    .where(eq(geofenceEvents.deviceId, deviceId))
    .orderBy(asc(geofenceEvents.at));

const statusOf = async (deviceId: string) => (await deviceRow(t.database.db, deviceId)).status;

describe('the geofence engine on OsmAnd reports', () => {
  it('exits a circle once, with hysteresis, and enters it again', async () => {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device, citizenId } = await givenWornWatch(t, tenantId, [fence.id]);
    const report = osmandReporter(t, device.imei);

    await report(HOME.lat, HOME.lon, 10);
    await report(northOf(HOME, 150).lat, HOME.lon, 10);
    expect(await eventsOf(device.id)).toEqual([]);
    expect(await statusOf(device.id)).toBe('online');

    // 20 m outside, but the fix is only good to 50 m: not an exit.
    const jitter = northOf(HOME, 220);
    await report(jitter.lat, jitter.lon, 50);
    expect(await eventsOf(device.id)).toEqual([]);
    expect(await statusOf(device.id)).toBe('online');

    const far = northOf(HOME, 1500);
    const exitedAt = await report(far.lat, far.lon, 10);
    await report(far.lat + 0.001, far.lon, 10);
    expect(await eventsOf(device.id)).toEqual([
      expect.objectContaining({
        tenantId,
        citizenId,
        geofenceId: fence.id,
        kind: 'exit',
        at: exitedAt,
        latitude: far.lat,
        longitude: far.lon,
        accuracy: 10,
      }),
    ]);
    expect(await statusOf(device.id)).toBe('outsideGeofence');
    // Leaving the citizen's every fence raised one open "outside geofence" alarm (not two).
    const raised = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
    expect(raised).toEqual([expect.objectContaining({ kind: 'outsideGeofence', state: 'open', count: 1 })]);
    await eventually(async () =>
      events.some(
        (event) =>
          event.type === 'device' &&
          event.state.deviceId === device.id &&
          event.state.status === 'outsideGeofence',
      ),
    );

    const enteredAt = await report(HOME.lat, HOME.lon, 10);
    expect((await eventsOf(device.id)).map((event) => event.kind)).toEqual(['exit', 'enter']);
    expect(await statusOf(device.id)).toBe('online');
    // One row for the device: the fence's state, its counters, and since when it holds.
    const stored = await t.database.db
      .select()
      .from(deviceFenceTrackings)
      .where(eq(deviceFenceTrackings.deviceId, device.id));
    expect(stored).toEqual([
      { deviceId: device.id, tenantId, trackings: { [fence.id]: ['inside', 0, 1, enteredAt.toISOString()] } },
    ]);
  });

  it('stores every fence of a device in one row, whose since moves only with the state', async () => {
    const near = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const wide = await givenCircleFence(t.database.db, tenantId, HOME, 5000);
    const { device } = await givenWornWatch(t, tenantId, [near.id, wide.id]);
    const report = osmandReporter(t, device.imei);
    const trackingsOf = async () =>
      (
        await t.database.db
          .select()
          .from(deviceFenceTrackings)
          .where(eq(deviceFenceTrackings.deviceId, device.id))
      ).map((row) => row.trackings);

    const firstAt = await report(HOME.lat, HOME.lon, 10);
    await report(HOME.lat, HOME.lon, 10);
    expect(await trackingsOf()).toEqual([
      {
        [near.id]: ['inside', 0, 2, firstAt.toISOString()],
        [wide.id]: ['inside', 0, 2, firstAt.toISOString()],
      },
    ]);

    // Just outside the near fence, within the fix's accuracy: counted, not yet an exit.
    const edge = northOf(HOME, 230);
    await report(edge.lat, edge.lon, 50);
    const exitAt = await report(edge.lat, edge.lon, 50);
    expect(await trackingsOf()).toEqual([
      {
        [near.id]: ['outside', 2, 0, exitAt.toISOString()],
        [wide.id]: ['inside', 0, 2, firstAt.toISOString()],
      },
    ]);
    // Still inside the wide fence: safe, no alarm; the near fence's exit is recorded.
    expect((await eventsOf(device.id)).map((event) => [event.geofenceId, event.kind])).toEqual([
      [near.id, 'exit'],
    ]);
    expect(await statusOf(device.id)).toBe('online');
  });

  /**
   * A watch inside its fence, then reports 30 m outside with a 50 m accuracy; answers the crossings
   * recorded after each of those reports.
   */
  async function crossingsJustOutside(reports: number) {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, tenantId, [fence.id]);
    const report = osmandReporter(t, device.imei);
    await report(HOME.lat, HOME.lon, 10);
    const edge = northOf(HOME, 230);
    const seen: string[][] = [];
    for (let sent = 0; sent < reports; sent += 1) {
      await report(edge.lat, edge.lon, 50);
      seen.push((await eventsOf(device.id)).map((event) => event.kind));
    }
    return { seen, status: await statusOf(device.id) };
  }

  it('exits after two consecutive reports just outside, each within its accuracy', async () => {
    expect(await crossingsJustOutside(2)).toEqual({ seen: [[], ['exit']], status: 'outsideGeofence' });
  });

  it('waits for as many reports just outside as Homeward.Geofence.ExitConfirmations says', async () => {
    const [setting] = await t.database.db
      .insert(settings)
      .values({ name: GEOFENCE_ENGINE_SETTINGS.exitConfirmations, value: '3', providerName: 'G' })
      .returning({ id: settings.id });
    try {
      expect(await crossingsJustOutside(3)).toEqual({
        seen: [[], [], ['exit']],
        status: 'outsideGeofence',
      });
    } finally {
      await t.database.db.delete(settings).where(eq(settings.id, setting!.id));
    }
  });

  it('works on a concave polygon, and a citizen inside either fence is safe', async () => {
    // An L: the notch north-east of (10.21, 56.16) is outside.
    const polygon = await givenPolygonFence(t.database.db, tenantId, [
      [10.2, 56.15],
      [10.22, 56.15],
      [10.22, 56.16],
      [10.21, 56.16],
      [10.21, 56.17],
      [10.2, 56.17],
    ]);
    const elsewhere = await givenCircleFence(t.database.db, tenantId, { lat: 55.68, lon: 12.57 }, 300);
    const { device } = await givenWornWatch(t, tenantId, [polygon.id, elsewhere.id]);
    const report = osmandReporter(t, device.imei);

    await report(56.165, 10.205, 10);
    await report(56.155, 10.215, 10);
    expect(await eventsOf(device.id)).toEqual([]);
    expect(await statusOf(device.id)).toBe('online');

    // In the notch, hundreds of metres from the L's edges.
    await report(56.167, 10.218, 10);
    await report(56.168, 10.219, 10);
    expect((await eventsOf(device.id)).map((event) => [event.kind, event.geofenceId])).toEqual([
      ['exit', polygon.id],
    ]);
    expect(await statusOf(device.id)).toBe('outsideGeofence');

    await report(56.152, 10.219, 10);
    expect((await eventsOf(device.id)).map((event) => event.kind)).toEqual(['exit', 'enter']);
    expect(await statusOf(device.id)).toBe('online');
  });

  it("falls back to the organization's default geofence when the citizen has none", async () => {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, tenantId, [], fence.id);
    const report = osmandReporter(t, device.imei);
    await report(HOME.lat, HOME.lon, 10);
    const far = northOf(HOME, 2000);
    await report(far.lat, far.lon, 10);
    expect((await eventsOf(device.id)).map((event) => [event.kind, event.geofenceId])).toEqual([
      ['exit', fence.id],
    ]);
    expect(await statusOf(device.id)).toBe('outsideGeofence');
  });

  it('applies a fence moved, linked or unlinked through the API from the very next report', async () => {
    const g = given(t.database.db);
    const editor = await signIn(
      t,
      await g.user({
        tenantId,
        roles: [
          await g.role({
            tenantId,
            permissions: [
              'Homeward.Geofences',
              'Homeward.Geofences.Edit',
              'Homeward.Citizens',
              'Homeward.Citizens.ManageGeofences',
            ],
          }),
        ],
      }),
    );
    const send = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'PUT', url, headers: bearer(editor), payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    const home = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device, citizenId } = await givenWornWatch(t, tenantId, [home.id]);
    const report = osmandReporter(t, device.imei);
    await report(HOME.lat, HOME.lon, 10);

    // The fence moves 5 km north: the same position is now far outside it.
    await send(`/api/geofences/${home.id}`, {
      name: home.name,
      geometry: { kind: 'circle', center: northOf(HOME, 5000), radiusMeters: 200 },
    });
    await report(HOME.lat, HOME.lon, 10);
    expect((await eventsOf(device.id)).map((event) => event.kind)).toEqual(['exit']);
    expect(await statusOf(device.id)).toBe('outsideGeofence');

    // A fence around the citizen is linked instead: inside it, safe again.
    const around = await givenCircleFence(t.database.db, tenantId, HOME, 300);
    await send(`/api/citizens/${citizenId}/geofences`, { geofenceIds: [around.id] });
    await report(HOME.lat, HOME.lon, 10);
    await report(HOME.lat, HOME.lon, 10);
    expect(await statusOf(device.id)).toBe('online');
    expect(
      (
        await t.database.db
          .select()
          .from(deviceFenceTrackings)
          .where(eq(deviceFenceTrackings.deviceId, device.id))
      )[0]?.trackings,
    ).toEqual({ [around.id]: ['inside', 0, 2, expect.any(String)] });
  });

  it('leaves handled statuses alone, but still raises the exit and clears it back inside', async () => {
    const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
    const { device } = await givenWornWatch(t, tenantId, [fence.id]);
    const report = osmandReporter(t, device.imei);
    await report(HOME.lat, HOME.lon, 10);
    await t.database.db
      .update(devices)
      .set({ status: 'lowBatteryWarningHandled' })
      .where(eq(devices.id, device.id));
    const far = northOf(HOME, 2000);
    await report(far.lat, far.lon, 10);
    expect((await eventsOf(device.id)).map((event) => event.kind)).toEqual(['exit']);
    expect(await statusOf(device.id)).toBe('lowBatteryWarningHandled');
    // A handled low-battery warning must not hide that she left: the incident follows the fences.
    const raised = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
    expect(raised).toEqual([expect.objectContaining({ kind: 'outsideGeofence', state: 'open' })]);
    await report(HOME.lat, HOME.lon, 10);
    const after = await t.database.db.select().from(alarms).where(eq(alarms.deviceId, device.id));
    expect(after).toEqual([expect.objectContaining({ kind: 'outsideGeofence', state: 'cleared' })]);
    expect(await statusOf(device.id)).toBe('lowBatteryWarningHandled');
  });
});
