import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { queueDeviceCommand } from '../device-commands/device-command-queue.repository';
import { givenDevice } from './telemetry-test-support';

/**
 * Telemetry in the tenant-isolation suite. Positions have no endpoints, so the case seeds them the
 * way they arrive (the terminal's command endpoints have their own case, `device-commands.isolation.ts`): a watch of the tenant reports through the OsmAnd gateway
 * (the pipeline writes in the device's tenant scope) and a command is queued for it. The suite's
 * SQL check then proves B can neither see, change nor forge A's positions and commands.
 */
export const telemetryIsolationCase: IsolationCase = {
  name: 'telemetry',
  tables: ['device_positions', 'device_commands'],
  permissions: [],
  async seed({ t, a }) {
    const device = await givenDevice(t.database.db, a.tenantId);
    const timestamp = Math.floor(Date.now() / 1000) - 60;
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/gateway/osmand?id=${device.imei}&timestamp=${timestamp}&lat=56.15&lon=10.2`,
    });
    if (reported.statusCode !== 200)
      throw new Error(`report refused: ${reported.statusCode} ${reported.body}`);
    await queueDeviceCommand(t.database.db, { tenantId: a.tenantId, deviceId: device.id, command: 'CR' });
    return { id: device.id, searchText: device.imei };
  },
};
