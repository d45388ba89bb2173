import type { AlarmDetail, AlarmListResponse, RealtimeEvent } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { parseRealtimePayload, REALTIME_CHANNEL } from '../../platform/realtime/realtime-publish';
import { deviceRow, eventually } from '../telemetry/telemetry-test-support';
import { ALARM_PERMISSIONS, alarmsOf, callerWith, givenWatch, report } from './alarms-test-support';

/** The alarms API: list with filters, detail with history, acknowledge and handle, permissions. */
let t: TestApp;
let tenantId: string;
let admin: Awaited<ReturnType<typeof callerWith>>;
const events: RealtimeEvent[] = [];
let stopListening: () => Promise<void>;

beforeAll(async () => {
  t = await buildTestApp();
  tenantId = (await given(t.database.db).tenant()).id;
  admin = await callerWith(t, tenantId, ALARM_PERMISSIONS);
  stopListening = await t.database.listen(REALTIME_CHANNEL, (payload) =>
    events.push(
      ...parseRealtimePayload(payload, (unreadable) => {
        throw new Error(`unreadable realtime payload: ${unreadable}`);
      }),
    ),
  );
});
afterAll(async () => {
  await stopListening?.();
  await t?.close();
});

/** A citizen's watch with an open SOS alarm; returns the alarm id. */
async function openSos() {
  const watch = await givenWatch(t, tenantId, { citizen: true });
  expect((await report(t, watch.device.imei, 60, { alarm: 'sos' })).statusCode).toBe(200);
  const [alarm] = await alarmsOf(t, watch.device.id);
  return { ...watch, alarmId: alarm!.id };
}

describe('GET /api/alarms', () => {
  it('lists newest first and filters by state, kind, citizen, device and time', async () => {
    const older = await openSos();
    const newer = await givenWatch(t, tenantId);
    await report(t, newer.device.imei, 30, { alarm: 'fall' });

    const all = (await admin.send('GET', '/api/alarms?maxResultCount=100')).json<AlarmListResponse>();
    const ids = all.items.map((item) => item.deviceId);
    expect(ids.indexOf(newer.device.id)).toBeLessThan(ids.indexOf(older.device.id));
    expect(all.items.find((item) => item.id === older.alarmId)).toMatchObject({
      kind: 'sos',
      state: 'open',
      count: 1,
      citizenId: older.citizenId,
      citizenName: 'Inge Jensen',
      deviceName: older.device.name,
    });

    const byDevice = await admin.send('GET', `/api/alarms?deviceId=${newer.device.id}`);
    expect(byDevice.json<AlarmListResponse>()).toMatchObject({ totalCount: 1, items: [{ kind: 'fall' }] });
    const byCitizen = await admin.send('GET', `/api/alarms?citizenId=${older.citizenId}&kind=sos&state=open`);
    expect(byCitizen.json<AlarmListResponse>().items.map((item) => item.id)).toEqual([older.alarmId]);
    const future = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const none = await admin.send('GET', `/api/alarms?from=${future}`);
    expect(none.json<AlarmListResponse>()).toEqual({ items: [], totalCount: 0 });
    const handled = await admin.send('GET', `/api/alarms?state=handled&deviceId=${older.device.id}`);
    expect(handled.json<AlarmListResponse>().totalCount).toBe(0);
  });

  it('answers 404 for an unknown alarm', async () => {
    const response = await admin.send('GET', '/api/alarms/00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});

describe('acknowledge and handle', () => {
  it('goes open → acknowledged → handled, recording who and when, and refuses other moves', async () => {
    const { alarmId, device } = await openSos();
    const acknowledged = await admin.send('POST', `/api/alarms/${alarmId}/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    expect(acknowledged.json<AlarmDetail>()).toMatchObject({
      state: 'acknowledged',
      acknowledgedByUserId: admin.userId,
      acknowledgedAt: expect.any(String),
    });
    const again = await admin.send('POST', `/api/alarms/${alarmId}/acknowledge`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', details: 'alarms:invalidTransition' } });

    const handled = await admin.send('POST', `/api/alarms/${alarmId}/handle`, {
      note: 'Called her, all fine',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const detail = handled.json<AlarmDetail>();
    expect(detail).toMatchObject({
      state: 'handled',
      handledByUserId: admin.userId,
      note: 'Called her, all fine',
    });
    expect(detail.history.map((entry) => [entry.action, entry.userId])).toEqual([
      ['created', null],
      ['notified', null],
      ['acknowledged', admin.userId],
      ['handled', admin.userId],
    ]);
    expect((await admin.send('POST', `/api/alarms/${alarmId}/handle`, {})).statusCode).toBe(409);
    expect((await admin.send('POST', `/api/alarms/${alarmId}/acknowledge`)).statusCode).toBe(409);
    await eventually(async () =>
      events.find((e) => e.type === 'alarm' && e.alarmId === alarmId && e.state === 'handled'),
    );

    // A handled alarm is closed: the next SOS is a new alarm.
    await report(t, device.imei, 10, { alarm: 'sos' });
    const alarms = await alarmsOf(t, device.id);
    expect(alarms.map((alarm) => [alarm.state, alarm.count])).toEqual([
      ['handled', 1],
      ['open', 1],
    ]);
  });

  it('handles an open alarm directly, without a note', async () => {
    const { alarmId } = await openSos();
    const handled = await admin.send('POST', `/api/alarms/${alarmId}/handle`, {});
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<AlarmDetail>()).toMatchObject({ state: 'handled', note: null, acknowledgedAt: null });
  });

  it('shows a handled low-battery alarm on the device as a handled warning', async () => {
    const { device } = await givenWatch(t, tenantId);
    await report(t, device.imei, 60, { batt: 5 });
    const [alarm] = await alarmsOf(t, device.id);
    expect((await admin.send('POST', `/api/alarms/${alarm!.id}/handle`, {})).statusCode).toBe(200);
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'lowBatteryWarningHandled' });

    // Still low: the handled warning stays. Charged back above the threshold: online again.
    await report(t, device.imei, 50, { batt: 8 });
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'lowBatteryWarningHandled' });
    await report(t, device.imei, 40, { batt: 90 });
    expect(await deviceRow(t.database.db, device.id)).toMatchObject({ status: 'online', battery: 90 });
  });
});

describe('permissions', () => {
  it('needs Homeward.Alarms to read and the action permission to act', async () => {
    const { alarmId } = await openSos();
    const reader = await callerWith(t, tenantId, ['Homeward.Alarms']);
    expect((await reader.send('GET', `/api/alarms/${alarmId}`)).statusCode).toBe(200);
    expect((await reader.send('POST', `/api/alarms/${alarmId}/acknowledge`)).statusCode).toBe(403);
    expect((await reader.send('POST', `/api/alarms/${alarmId}/handle`, {})).statusCode).toBe(403);
    const nobody = await callerWith(t, tenantId, []);
    expect((await nobody.send('GET', '/api/alarms')).statusCode).toBe(403);
    const acknowledger = await callerWith(t, tenantId, ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge']);
    expect((await acknowledger.send('POST', `/api/alarms/${alarmId}/acknowledge`)).statusCode).toBe(200);
    expect((await acknowledger.send('POST', `/api/alarms/${alarmId}/handle`, {})).statusCode).toBe(403);
  });
});
