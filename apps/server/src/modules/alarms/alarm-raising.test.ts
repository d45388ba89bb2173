import type { RealtimeEvent } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { markOfflineDevices } from '../telemetry/offline-devices';
import { deviceRow, eventually, positionsOf, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { alarmsOf, givenWatch, historyOf, outboxTo, report, SETTINGS } from './alarms-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

/**
 * Alarms raised by device reports, end to end through the real OsmAnd gateway and the telemetry
 * pipeline (PGlite, or PostgreSQL with DATABASE_URL).
 */
let t: TestApp;
let tenantId: string;
const events: RealtimeEvent[] = [];
usePipelineTestApp((world) => ({ t, tenantId } = world), { events });

describe('an SOS report', () => {
  it('raises one open alarm, notifies the first receiver and re-alerts it on the next press', async () => {
    const { device, citizenId, receiver } = await givenWatch(t, tenantId, { citizen: true });
    const first = await report(t, device.imei, 120, { alarm: 'sos' });
    expect(first.statusCode, first.body).toBe(200);

    const [alarm, ...others] = await alarmsOf(t, device.id);
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ kind: 'sos', state: 'open', count: 1, citizen_id: citizenId });
    expect((await historyOf(t, alarm!.id)).map((entry) => entry.action)).toEqual(['created', 'notified']);
    const messages = await outboxTo(t, receiver!.email);
    expect(messages).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'SOS alarm: Inge Jensen' }),
    ]);
    expect(await outboxTo(t, receiver!.phone)).toEqual([
      expect.objectContaining({ channel: 'sms', body: expect.stringContaining('SOS alarm: Inge Jensen') }),
    ]);
    const event = await eventually(async () =>
      events.find((e) => e.type === 'alarm' && e.alarmId === alarm!.id),
    );
    expect(event).toMatchObject({
      kind: 'sos',
      state: 'open',
      citizenName: 'Inge Jensen',
      deviceId: device.id,
    });

    // A retransmission of the same report is not a repeat; a new SOS press re-alerts the alarm:
    // counted, open, and the first receiver (still the one the escalation is at) hears of it again.
    await report(t, device.imei, 120, { alarm: 'sos' });
    expect((await alarmsOf(t, device.id))[0]!.count).toBe(1);
    await report(t, device.imei, 60, { alarm: 'sos' });
    const after = await alarmsOf(t, device.id);
    expect(after).toEqual([expect.objectContaining({ id: alarm!.id, count: 2, state: 'open' })]);
    expect((await historyOf(t, alarm!.id)).map((entry) => entry.action)).toEqual([
      'created',
      'notified',
      'realerted',
      'notified',
    ]);
    expect(await outboxTo(t, receiver!.email)).toHaveLength(2);
    // Pushed open again: the dashboards show the banner and sound once more.
    await eventually(
      async () =>
        events.filter((e) => e.type === 'alarm' && e.alarmId === alarm!.id && e.state === 'open').length ===
        2,
    );
  });

  it('raises a fall alarm too, and an alarm without a citizen notifies nobody', async () => {
    const { device } = await givenWatch(t, tenantId);
    await report(t, device.imei, 30, { alarm: 'fall' });
    const [alarm] = await alarmsOf(t, device.id);
    expect(alarm).toMatchObject({ kind: 'fall', state: 'open', count: 1, citizen_id: null });
    expect((await historyOf(t, alarm!.id)).map((entry) => entry.action)).toEqual(['created']);
  });

  it('is one transaction with the report: an alarm that cannot be stored stores no position', async () => {
    const { device } = await givenWatch(t, tenantId, { citizen: true });
    const db = t.database.db;
    await db.execute(sql`create function alarms_refuse() returns trigger language plpgsql as $$
      begin raise exception 'injected alarm failure'; end $$`);
    await db.execute(
      sql`create trigger alarms_refuse before insert on alarms for each row execute function alarms_refuse()`,
    );
    try {
      const response = await report(t, device.imei, 30, { alarm: 'sos', batt: 80 });
      expect(response.statusCode).toBe(503);
    } finally {
      await db.execute(sql`drop trigger alarms_refuse on alarms`);
      await db.execute(sql`drop function alarms_refuse()`);
    }
    expect(await positionsOf(db, device.id)).toEqual([]);
    expect(await alarmsOf(t, device.id)).toEqual([]);
    expect(await deviceRow(db, device.id)).toMatchObject({ battery: null, lastSeenAt: null });

    // The device retries once the database accepts alarms again: everything is stored.
    expect((await report(t, device.imei, 30, { alarm: 'sos', batt: 80 })).statusCode).toBe(200);
    expect(await positionsOf(db, device.id)).toHaveLength(1);
    expect(await alarmsOf(t, device.id)).toHaveLength(1);
  });
});

describe('low battery', () => {
  it("uses the citizen's threshold for the watch, once per open alarm", async () => {
    const { device } = await givenWatch(t, tenantId, { citizen: true, settings: SETTINGS });
    await report(t, device.imei, 300, { batt: 45 });
    expect(await alarmsOf(t, device.id)).toEqual([]);
    await report(t, device.imei, 240, { batt: 35 });
    await report(t, device.imei, 180, { batt: 30 });
    const [alarm, ...others] = await alarmsOf(t, device.id);
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({ kind: 'lowBattery', count: 1 });
    expect((await historyOf(t, alarm!.id))[0]).toMatchObject({
      action: 'created',
      detail: { battery: 35, threshold: 40, count: 1 },
    });
  });

  it('falls back to the product default', async () => {
    const { device } = await givenWatch(t, tenantId, { productThreshold: 25 });
    await report(t, device.imei, 120, { batt: 30 });
    expect(await alarmsOf(t, device.id)).toEqual([]);
    await report(t, device.imei, 60, { batt: 20 });
    expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ kind: 'lowBattery' })]);
  });
});

describe('the offline job', () => {
  it('raises an offline alarm for a watch that stopped reporting', async () => {
    const { device } = await givenWatch(t, tenantId);
    await report(t, device.imei, 60 * 60);
    // Last seen is when the report arrived; two hours later the watch is long overdue.
    const now = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await markOfflineDevices(t.database.db, RELATIVE_ALARM_LINKS, now);
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'offline' });
    expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ kind: 'offline', count: 1 })]);
    // The job again: the watch is offline already, no second alarm.
    await markOfflineDevices(t.database.db, RELATIVE_ALARM_LINKS, now);
    expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ kind: 'offline', count: 1 })]);
  });
});
