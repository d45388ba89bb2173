import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { givenDevice } from '../telemetry/telemetry-test-support';

/**
 * Battery levels read the stored reports of one watch (device_positions, whose rows the telemetry
 * case checks in SQL): B asking for A's watch gets 404, never A's readings.
 */
export const batteryLevelsIsolationCase: IsolationCase = {
  name: 'battery levels',
  tables: ['device_positions'],
  permissions: ['Homeward.Devices'],
  async seed({ t, a }) {
    const device = await givenDevice(t.database.db, a.tenantId);
    const timestamp = Math.floor(Date.now() / 1000) - 60;
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/gateway/osmand?id=${device.imei}&timestamp=${timestamp}&lat=56.15&lon=10.2&batt=64`,
    });
    if (reported.statusCode !== 200)
      throw new Error(`report refused: ${reported.statusCode} ${reported.body}`);
    return { id: device.id, searchText: device.imei };
  },
  read: (id) => `/api/devices/${id}/battery-levels?period=week`,
};
