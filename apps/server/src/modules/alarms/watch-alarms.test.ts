import type { RealtimeEvent } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { selectRows } from '../../platform/db/database';
import { eventually, usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { escalateAlarms } from './alarm-escalation';
import {
  ALARM_PERMISSIONS,
  alarmsOf,
  callerWith,
  givenEscalationStep,
  givenWatch,
  historyOf,
  outboxTo,
  watchOnGateway,
} from './alarms-test-support';
import { RELATIVE_ALARM_LINKS } from '../alarm-texts/alarm-notification-text';

/**
 * Alarms of the 3G watch over its real TCP gateway and the telemetry pipeline: status bit 20 (taken
 * off the wrist) raises a removal incident that clears when the watch reports bit 20 clear again;
 * an `AL` frame without an alarm bit raises a general alarm; bit 0 is a state, never an alarm; and
 * SOS re-alerts its incident on every press, also after an acknowledgement.
 */
let t: TestApp;
let tenantId: string;
let watchPort: number;
const events: RealtimeEvent[] = [];
const STEP_SECONDS = 120;

usePipelineTestApp(
  async (world) => {
    ({ t, tenantId, watchPort } = world);
    await givenEscalationStep(t, STEP_SECONDS);
  },
  { events, watchGateway: true },
);

const REMOVED = '00100000';
const WORN = '00000000';
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function givenConnectedWatch() {
  const watch = await givenWatch(t, tenantId, { citizen: true });
  const connection = await watchOnGateway(watchPort, watch.device.deviceIdentifier!);
  return { ...watch, connection };
}

describe('the removal alarm (status bit 20)', () => {
  it('opens an incident with its own text, and clears it when the watch is worn again', async () => {
    const { device, receiver, connection } = await givenConnectedWatch();
    try {
      await connection.location('AL', 600, REMOVED);
      expect(connection.answers()).toContain('*AL]');
      const [first] = await alarmsOf(t, device.id);
      expect(first).toMatchObject({ kind: 'removal', state: 'open', count: 1 });
      expect(await outboxTo(t, receiver!.email)).toEqual([
        expect.objectContaining({ subject: 'Watch removed: Inge Jensen' }),
      ]);
      await eventually(async () =>
        events.some((e) => e.type === 'alarm' && e.alarmId === first!.id && e.state === 'open'),
      );

      // Still off the wrist, and an old firmware's 4-digit status (no alarm half): nothing ends.
      await connection.location('UD', 540, REMOVED);
      await connection.location('UD', 500, '0000');
      expect(await alarmsOf(t, device.id)).toEqual([expect.objectContaining({ state: 'open', count: 1 })]);

      await connection.location('UD', 480, WORN);
      expect(await alarmsOf(t, device.id)).toEqual([
        expect.objectContaining({ id: first!.id, state: 'cleared' }),
      ]);
      expect(await historyOf(t, first!.id)).toContainEqual({ action: 'cleared', detail: { reason: 'worn' } });
      await eventually(async () =>
        events.some((e) => e.type === 'alarm' && e.alarmId === first!.id && e.state === 'cleared'),
      );

      // Taken off again: a new incident, notified again.
      await connection.location('AL', 420, REMOVED);
      const [, second] = await alarmsOf(t, device.id);
      expect(second).toMatchObject({ kind: 'removal', state: 'open', count: 1 });
      expect(await outboxTo(t, receiver!.email)).toHaveLength(2);
    } finally {
      connection.close();
    }
  });
});

describe('the general alarm and the state bits', () => {
  it('raises a general alarm for an AL frame without an alarm bit, and none for state bits in UD', async () => {
    const { device, receiver, connection } = await givenConnectedWatch();
    try {
      // Bit 0 (low-battery state), 1, 2 and 4 are states: a UD frame with them raises nothing.
      await connection.location('UD', 600, '00000017', 80);
      expect(await alarmsOf(t, device.id)).toEqual([]);

      await connection.location('AL', 540, WORN);
      const [general] = await alarmsOf(t, device.id);
      expect(general).toMatchObject({ kind: 'general', state: 'open' });
      expect(await outboxTo(t, receiver!.email)).toEqual([
        expect.objectContaining({ subject: 'Alarm from the watch: Inge Jensen' }),
      ]);
    } finally {
      connection.close();
    }
  });
});

describe('SOS re-alerts', () => {
  it('opens an acknowledged SOS again on the next press, and escalates it from the first receiver', async () => {
    const { device, receiver, secondReceiver, connection } = await givenConnectedWatch();
    const caller = await callerWith(t, tenantId, ALARM_PERMISSIONS);
    try {
      await connection.location('AL', 600, '00010000');
      const [alarm] = await alarmsOf(t, device.id);
      expect((await caller.send('POST', `/api/alarms/${alarm!.id}/acknowledge`)).statusCode).toBe(200);
      // Acknowledged: no escalation.
      await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS + 1));
      expect(await outboxTo(t, secondReceiver!.email)).toEqual([]);

      await connection.location('AL', 540, '00010000');
      const detail = (await caller.send('GET', `/api/alarms/${alarm!.id}`)).json();
      expect(detail).toMatchObject({
        state: 'open',
        count: 2,
        acknowledgedAt: null,
        acknowledgedByUserId: null,
      });
      expect(detail.history.map((entry: { action: string }) => entry.action)).toContain('realerted');
      expect(await outboxTo(t, receiver!.email)).toHaveLength(2);
      await eventually(
        async () =>
          events.filter((e) => e.type === 'alarm' && e.alarmId === alarm!.id && e.state === 'open').length ===
          2,
      );
      // Unacknowledged again, it escalates to the second receiver after a step.
      await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS + 1));
      expect(await outboxTo(t, secondReceiver!.email)).toHaveLength(1);
    } finally {
      connection.close();
    }
  });

  it('tells the receiver the escalation reached of another press, without holding the escalation back', async () => {
    const { device, receiver, secondReceiver, connection } = await givenConnectedWatch();
    try {
      await connection.location('AL', 600, '00010000');
      const [alarm] = await alarmsOf(t, device.id);
      await escalateAlarms(t.database.db, RELATIVE_ALARM_LINKS, later(STEP_SECONDS + 1));
      expect(await outboxTo(t, secondReceiver!.email)).toHaveLength(1);
      const clock = async () =>
        (
          await selectRows<{ position: number; at: string }>(
            t.database.db,
            sql`select notified_position as position, notified_at::text as at from alarms where id = ${alarm!.id}`,
          )
        )[0];
      const before = await clock();
      expect(before?.position).toBe(2);

      await connection.location('AL', 540, '00010000');
      expect(await outboxTo(t, secondReceiver!.email)).toHaveLength(2);
      expect(await outboxTo(t, receiver!.email)).toHaveLength(1);
      expect(await clock()).toEqual(before);
    } finally {
      connection.close();
    }
  });
});
