import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/build-test-app';
import { alarmsOf, givenWatch, historyOf, outboxTo, watchOnGateway } from '../alarms/alarms-test-support';
import { signedInCaller } from '../users/identity-test-callers';
import { usePipelineTestApp } from '../telemetry/telemetry-test-support';
import { TRACCAR_HEALTH_FRAMES as FRAMES, readingsOf } from './vitals-test-support';

/**
 * Vitals of the 3G watch over its real TCP gateway and the telemetry pipeline: Traccar's decoder
 * vectors of every health frame are stored with the values Traccar reads from them, and a reading
 * outside the wearer's thresholds raises a `vitals` incident that a normal reading clears.
 */
let t: TestApp;
let tenantId: string;
let watchPort: number;

usePipelineTestApp(
  (world) => {
    ({ t, tenantId, watchPort } = world);
  },
  { watchGateway: true },
);

const reading = (values: Partial<Record<string, number>>) => ({
  heart_rate: null,
  spo2: null,
  systolic: null,
  diastolic: null,
  temperature: null,
  ...values,
});

describe('vitals from the watch', () => {
  it('stores the readings of Traccar’s health frame vectors, without a watch off the wrist', async () => {
    const { device, citizenId } = await givenWatch(t, tenantId, { citizen: true });
    const watch = await watchOnGateway(watchPort, device.deviceIdentifier!);
    try {
      for (const frame of Object.values(FRAMES)) await watch.send(frame);
      // The frames that want an answer got theirs.
      expect(watch.answers()).toContain(`[3G*${device.deviceIdentifier}*0005*bphrt]`);
      expect(watch.answers()).toContain(`[3G*${device.deviceIdentifier}*0006*btemp2]`);
    } finally {
      watch.close();
    }
    const rows = await readingsOf(t, device.id);
    expect(rows).toEqual([
      { citizen_id: citizenId, ...reading({ systolic: 120, diastolic: 79, heart_rate: 73 }) },
      { citizen_id: citizenId, ...reading({ spo2: 98 }) },
      { citizen_id: citizenId, ...reading({ temperature: 36.5 }) },
      { citizen_id: citizenId, ...reading({ temperature: 35.29 }) },
      { citizen_id: citizenId, ...reading({ systolic: 109, diastolic: 68 }) },
      { citizen_id: citizenId, ...reading({ heart_rate: 72 }) },
      { citizen_id: citizenId, ...reading({ heart_rate: 71 }) },
    ]);
  });

  it('raises a vitals alarm outside the thresholds, counts repeats, and clears on a normal reading', async () => {
    const { device, citizenId, receiver } = await givenWatch(t, tenantId, { citizen: true });
    const { headers } = await signedInCaller(t, {
      tenantId,
      permissions: ['Homeward.Citizens', 'Homeward.Citizens.Edit'],
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/citizens/${citizenId}/vital-thresholds`,
      headers,
      payload: {
        heartRateMin: 40,
        heartRateMax: 140,
        spo2Min: 90,
        systolicMax: null,
        temperatureMin: null,
        temperatureMax: null,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const watch = await watchOnGateway(watchPort, device.deviceIdentifier!);
    try {
      // Within the limits: nothing.
      await watch.send('[3G*1*0008*heart,80]');
      expect(await alarmsOf(t, device.id)).toEqual([]);

      await watch.send('[3G*1*0009*heart,150]');
      const [alarm] = await alarmsOf(t, device.id);
      expect(alarm).toMatchObject({ kind: 'vitals', state: 'open', count: 1, citizen_id: citizenId });
      expect(await historyOf(t, alarm!.id)).toContainEqual({
        action: 'created',
        detail: { outOfRange: [{ measure: 'heartRate', value: 150, min: 40, max: 140 }], count: 1 },
      });
      expect(await outboxTo(t, receiver!.email)).toEqual([
        expect.objectContaining({ subject: 'Vitals out of range: Inge Jensen' }),
      ]);

      // A normal SpO2 says nothing of the heart: still open. Another high pulse is a repeat.
      await watch.send('[3G*1*000B*oxygen,0,97]');
      await watch.send('[3G*1*0009*heart,152]');
      expect(await alarmsOf(t, device.id)).toEqual([
        expect.objectContaining({ id: alarm!.id, state: 'open', count: 2 }),
      ]);

      // The heart back within the limits clears the incident.
      await watch.send('[3G*1*0008*heart,76]');
      expect(await alarmsOf(t, device.id)).toEqual([
        expect.objectContaining({ id: alarm!.id, state: 'cleared' }),
      ]);
      expect(await historyOf(t, alarm!.id)).toContainEqual({
        action: 'cleared',
        detail: { reason: 'normal' },
      });

      // A low SpO2 is a new incident.
      await watch.send('[3G*1*000B*oxygen,0,86]');
      const [, second] = await alarmsOf(t, device.id);
      expect(second).toMatchObject({ kind: 'vitals', state: 'open', count: 1 });
      expect(await historyOf(t, second!.id)).toContainEqual({
        action: 'created',
        detail: { outOfRange: [{ measure: 'spo2', value: 86, min: 90 }], count: 1 },
      });
    } finally {
      watch.close();
    }
  });
});
