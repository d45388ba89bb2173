import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { encodeWatchFrame } from '../gateways/watch/watch-frame';
import { eventually, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { escalateAlarms } from './alarm-escalation';
import {
  alarmsOf,
  callerWith,
  givenEscalationStep,
  givenWatch,
  historyOf,
  outboxTo,
} from './alarms-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

/**
 * Escalation end to end: an SOS frame over the watch TCP gateway raises an alarm that notifies the
 * first receiver; while nobody acknowledges it, the escalation step notifies the second receiver,
 * once, however many workers run the job. The job is driven with an explicit clock (no waiting).
 */
let t: TestApp;
let tenantId: string;
let watchPort: number;
const STEP_SECONDS = 120;

usePipelineTestApp(
  async (world) => {
    ({ t, tenantId, watchPort } = world);
    await givenEscalationStep(t, STEP_SECONDS);
  },
  { watchGateway: true },
);

/** Sends an `AL` frame with the SOS bit set, timed now, and waits for the watch's answer. */
async function pressSos(watchId: string): Promise<void> {
  const now = new Date();
  const date = now.toISOString().slice(2, 10).split('-').reverse().join('');
  const time = now.toISOString().slice(11, 19).replace(/:/g, '');
  const content = `AL,${date},${time},A,56.150000,N,10.200000,E,0,0,0,9,100,80,0,0,00010000,0,0,0`;
  const socket = connect(watchPort, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const answered = new Promise((resolve) => socket.once('data', resolve));
  socket.write(encodeWatchFrame({ manufacturer: '3G', deviceId: watchId }, content));
  await answered;
  socket.destroy();
}

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('alarm escalation', () => {
  it('notifies receiver 1 on an SOS over TCP, and receiver 2 after one escalation step', async () => {
    const { device, receiver, secondReceiver } = await givenWatch(t, tenantId, { citizen: true });
    await pressSos(device.deviceIdentifier!);

    const [alarm] = await eventually(async () => {
      const rows = await alarmsOf(t, device.id);
      return rows.length > 0 ? rows : null;
    });
    expect(alarm).toMatchObject({ kind: 'sos', state: 'open' });
    expect((await outboxTo(t, receiver!.email)).map((row) => row.channel)).toEqual(['email']);
    expect(await outboxTo(t, receiver!.phone)).toHaveLength(1);
    expect(await outboxTo(t, secondReceiver!.email)).toEqual([]);

    // Before the step nothing more happens; after it, receiver 2 and nobody else.
    await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS - 5));
    expect(await outboxTo(t, secondReceiver!.email)).toEqual([]);
    await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS + 1));
    expect(await outboxTo(t, secondReceiver!.email)).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'SOS alarm: Inge Jensen' }),
    ]);
    expect(await outboxTo(t, receiver!.email)).toHaveLength(1);
    const notified = (await historyOf(t, alarm!.id)).filter((entry) => entry.action === 'notified');
    expect(notified.map((entry) => entry.detail?.position)).toEqual([1, 2]);

    // The last receiver was told: later steps notify nobody again (repeating is off by default).
    await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(3 * STEP_SECONDS + 2));
    expect(await outboxTo(t, secondReceiver!.email)).toHaveLength(1);
    expect(await outboxTo(t, receiver!.email)).toHaveLength(1);
  });

  it('stops escalating once the alarm is acknowledged', async () => {
    const { device, secondReceiver } = await givenWatch(t, tenantId, { citizen: true });
    await pressSos(device.deviceIdentifier!);
    const [alarm] = await eventually(async () => {
      const rows = await alarmsOf(t, device.id);
      return rows.length > 0 ? rows : null;
    });
    const caller = await callerWith(t, tenantId, ['Homeward.Alarms', 'Homeward.Alarms.Acknowledge']);
    const acknowledged = await caller.send('POST', `/api/alarms/${alarm!.id}/acknowledge`);
    expect(acknowledged.statusCode, acknowledged.body).toBe(200);

    await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS + 1));
    expect(await outboxTo(t, secondReceiver!.email)).toEqual([]);
  });

  it('notifies each receiver exactly once when several workers run the step at the same time', async () => {
    const watches = await Promise.all(
      Array.from({ length: 4 }, () => givenWatch(t, tenantId, { citizen: true })),
    );
    for (const watch of watches) await pressSos(watch.device.deviceIdentifier!);
    for (const watch of watches) {
      await eventually(async () => (await alarmsOf(t, watch.device.id)).length > 0);
    }
    // Small batches, so the workers interleave over several transactions.
    const at = later(STEP_SECONDS + 1);
    const counts = await Promise.all(
      [1, 2, 3].map(() => escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, at, 1)),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(watches.length);
    for (const watch of watches) {
      expect(await outboxTo(t, watch.secondReceiver!.email)).toHaveLength(1);
    }
  });
});
