import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { givenWatch } from '../alarms/alarms-test-support';
import { givenReadings, VITAL_LIMITS } from './vitals-test-support';

/**
 * A citizen's vital readings (`vital_readings`): B asking for A's citizen gets 404, never A's
 * readings, and A's rows stay as they were.
 */
export const vitalsIsolationCase: IsolationCase = {
  name: 'vital readings',
  tables: ['vital_readings'],
  permissions: ['Homeward.Citizens'],
  async seed({ t, a }) {
    const { device, citizenId } = await givenWatch(t, a.tenantId, { citizen: true });
    await givenReadings(t.database.db, { tenantId: a.tenantId, deviceId: device.id, citizenId }, [
      [new Date(Date.now() - 60_000), { heartRate: 72, spo2: 97 }],
    ]);
    return { id: citizenId!, searchText: device.imei };
  },
  read: (id) => `/api/citizens/${id}/vitals?period=week`,
};

/** A citizen's vital thresholds: B can neither read nor replace A's. */
export const vitalThresholdsIsolationCase: IsolationCase = {
  name: 'vital thresholds',
  tables: ['citizen_vital_thresholds'],
  permissions: ['Homeward.Citizens', 'Homeward.Citizens.Edit'],
  async seed({ t, a }) {
    const { device, citizenId } = await givenWatch(t, a.tenantId, { citizen: true });
    const saved = await a.request({
      method: 'PUT',
      url: `/api/citizens/${citizenId}/vital-thresholds`,
      payload: VITAL_LIMITS,
    });
    if (saved.statusCode !== 200) throw new Error(`thresholds refused: ${saved.statusCode} ${saved.body}`);
    return { id: citizenId!, searchText: device.imei };
  },
  read: (id) => `/api/citizens/${id}/vital-thresholds`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/citizens/${row.id}/vital-thresholds`,
    payload: { ...VITAL_LIMITS, heartRateMax: 120 },
  }),
};
