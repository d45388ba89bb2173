import type { RealtimeEvent } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { selectRows } from '../../platform/db/database';
import { citizenGeofences } from '../citizens/citizens.schema';
import { givenCircleFence, northOf } from '../geofence-engine/geofence-engine-test-support';
import { markOfflineDevices } from '../telemetry/offline-devices';
import { deviceRow, eventually, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { escalateAlarms } from './alarm-escalation';
import {
  ALARM_PERMISSIONS,
  alarmsOf,
  callerWith,
  givenWatch,
  historyOf,
  outboxTo,
  report,
  reportTime,
  SETTINGS,
} from './alarms-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

/**
 * Incidents through the real OsmAnd route and telemetry pipeline (PGlite, or PostgreSQL with
 * DATABASE_URL): an alarm closes as `cleared` when its condition clears (back inside, charged, a
 * report after offline), stops escalating, and the next occurrence is a new incident that alerts
 * (a new open alarm, its receiver notified, an `open` realtime event) even after an acknowledgement.
 */
let t: TestApp;
let tenantId: string;
const events: RealtimeEvent[] = [];
usePipelineTestApp((world) => ({ t, tenantId } = world), { events });

const HOME = { lat: 56.15, lon: 10.2 };
const FAR = northOf(HOME, 1500);

async function pushed(alarmId: string, state: string) {
  return eventually(async () =>
    events.find((event) => event.type === 'alarm' && event.alarmId === alarmId && event.state === state),
  );
}

async function escalationOf(alarmId: string) {
  const [row] = await selectRows<{ notified_at: Date | string | null }>(
    t.database.db,
    sql`select notified_at from alarms where id = ${alarmId}`,
  );
  return row!.notified_at;
}

/** A citizen with a watch, two receivers and one circle fence around HOME. */
async function givenFencedWatch() {
  const watch = await givenWatch(t, tenantId, { citizen: true, settings: SETTINGS });
  const fence = await givenCircleFence(t.database.db, tenantId, HOME, 200);
  await t.database.db
    .insert(citizenGeofences)
    .values({ tenantId, citizenId: watch.citizenId!, geofenceId: fence.id });
  return watch;
}

const at = (place: { lat: number; lon: number }) => ({ lat: place.lat, lon: place.lon, accuracy: 10 });

describe('an outside-geofence incident', () => {
  it('clears when she is back inside after an acknowledgement, and the next exit alerts again', async () => {
    const { device, receiver } = await givenFencedWatch();
    const caller = await callerWith(t, tenantId, ALARM_PERMISSIONS);
    await report(t, device.imei, 600, at(HOME));
    await report(t, device.imei, 540, at(FAR));
    const [first] = await alarmsOf(t, device.id);
    expect(first).toMatchObject({ kind: 'outsideGeofence', state: 'open', count: 1 });
    await pushed(first!.id, 'open');
    expect((await caller.send('POST', `/api/alarms/${first!.id}/acknowledge`)).statusCode).toBe(200);

    await report(t, device.imei, 480, at(HOME));
    expect(await alarmsOf(t, device.id)).toEqual([
      expect.objectContaining({ id: first!.id, state: 'cleared' }),
    ]);
    // In the history by time: the report's device time for the clearing, the server's for the
    // acknowledgement (this test's reports are timed minutes back).
    const history = await historyOf(t, first!.id);
    expect(history.map((entry) => entry.action).sort()).toEqual([
      'acknowledged',
      'cleared',
      'created',
      'notified',
    ]);
    expect(history).toContainEqual({ action: 'cleared', detail: { reason: 'backInside' } });
    await pushed(first!.id, 'cleared');
    const detail = await caller.send('GET', `/api/alarms/${first!.id}`);
    expect(detail.json()).toMatchObject({ state: 'cleared', clearedAt: reportTime(480).toISOString() });
    // Closed by the system: nobody acknowledges or handles it any more.
    expect((await caller.send('POST', `/api/alarms/${first!.id}/handle`, {})).statusCode).toBe(409);
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'online' });

    await report(t, device.imei, 420, at(FAR));
    const [, second, ...others] = await alarmsOf(t, device.id);
    expect(others).toEqual([]);
    expect(second).toMatchObject({ kind: 'outsideGeofence', state: 'open', count: 1 });
    expect(second!.id).not.toBe(first!.id);
    await pushed(second!.id, 'open');
    expect((await outboxTo(t, receiver!.email)).map((row) => row.subject)).toEqual([
      'Outside geofence: Inge Jensen',
      'Outside geofence: Inge Jensen',
    ]);
    // The list's state filter knows the closed state.
    const cleared = await caller.send('GET', `/api/alarms?state=cleared&deviceId=${device.id}`);
    expect(cleared.json()).toMatchObject({ totalCount: 1, items: [{ id: first!.id }] });
  });

  it('stops escalating when it clears before anyone acknowledged it', async () => {
    const { device, secondReceiver } = await givenFencedWatch();
    await report(t, device.imei, 600, at(HOME));
    await report(t, device.imei, 540, at(FAR));
    const [alarm] = await alarmsOf(t, device.id);
    expect(await escalationOf(alarm!.id)).not.toBeNull();
    await report(t, device.imei, 480, at(HOME));
    expect((await alarmsOf(t, device.id))[0]).toMatchObject({ state: 'cleared' });
    expect(await escalationOf(alarm!.id)).toBeNull();

    await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, new Date(Date.now() + 60 * 60 * 1000));
    expect(await outboxTo(t, secondReceiver!.email)).toEqual([]);
  });
});

describe('a low-battery incident', () => {
  it('clears when the watch is charged to the threshold, not on a late report, and comes back as new', async () => {
    const { device } = await givenWatch(t, tenantId, { citizen: true, settings: SETTINGS });
    await report(t, device.imei, 300, { batt: 30 });
    const [first] = await alarmsOf(t, device.id);
    expect(first).toMatchObject({ kind: 'lowBattery', state: 'open' });

    // A report from before the alarm (a re-upload) says nothing about the battery now.
    await report(t, device.imei, 400, { batt: 90 });
    expect((await alarmsOf(t, device.id))[0]).toMatchObject({ state: 'open' });
    // Below the threshold still: the incident goes on, not counted.
    await report(t, device.imei, 240, { batt: 39 });
    expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ state: 'open', count: 1 })]);
    // The citizen's threshold is 40 %: at it, the watch counts as charged.
    await report(t, device.imei, 180, { batt: 40 });
    expect((await alarmsOf(t, device.id))[0]).toMatchObject({ state: 'cleared' });
    expect((await historyOf(t, first!.id)).at(-1)).toEqual({
      action: 'cleared',
      detail: { reason: 'charged' },
    });

    await report(t, device.imei, 120, { batt: 20 });
    const [, second] = await alarmsOf(t, device.id);
    expect(second).toMatchObject({ kind: 'lowBattery', state: 'open', count: 1 });
    await pushed(second!.id, 'open');
  });
});

describe('a removal incident from any protocol', () => {
  it('opens on OsmAnd `alarm=removing` and clears on `worn=true`, not on a report that says nothing', async () => {
    const { device } = await givenWatch(t, tenantId, { citizen: true });
    await report(t, device.imei, 300, { alarm: 'removing' });
    const [alarm] = await alarmsOf(t, device.id);
    expect(alarm).toMatchObject({ kind: 'removal', state: 'open' });
    await report(t, device.imei, 240);
    await report(t, device.imei, 200, { worn: 'false' });
    expect((await alarmsOf(t, device.id))[0]).toMatchObject({ state: 'open' });
    await report(t, device.imei, 180, { worn: 'true' });
    expect((await alarmsOf(t, device.id))[0]).toMatchObject({ state: 'cleared' });
    expect(await historyOf(t, alarm!.id)).toContainEqual({ action: 'cleared', detail: { reason: 'worn' } });
  });
});

describe('an offline incident', () => {
  it('clears with the next report, also after an acknowledgement, and the next silence is new', async () => {
    const { device } = await givenWatch(t, tenantId, { citizen: true });
    const caller = await callerWith(t, tenantId, ALARM_PERMISSIONS);
    await report(t, device.imei, 60 * 60);
    await markOfflineDevices(t.database.db, RELATIVE_ALARM_LINKS, new Date(Date.now() + 2 * 60 * 60 * 1000));
    const [first] = await alarmsOf(t, device.id);
    expect(first).toMatchObject({ kind: 'offline', state: 'open' });
    expect((await caller.send('POST', `/api/alarms/${first!.id}/acknowledge`)).statusCode).toBe(200);

    // Any report, whatever its device time: the watch is connected again.
    await report(t, device.imei, 50 * 60);
    expect(await alarmsOf(t, device.id)).toEqual([
      expect.objectContaining({ id: first!.id, state: 'cleared' }),
    ]);
    expect(await historyOf(t, first!.id)).toContainEqual({
      action: 'cleared',
      detail: { reason: 'reported' },
    });
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'online' });

    await markOfflineDevices(t.database.db, RELATIVE_ALARM_LINKS, new Date(Date.now() + 4 * 60 * 60 * 1000));
    const [, second] = await alarmsOf(t, device.id);
    expect(second).toMatchObject({ kind: 'offline', state: 'open', count: 1 });
  });
});
