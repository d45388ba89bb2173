import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { givenDevice } from '../telemetry/telemetry-test-support';
import { givenCommandTemplate } from './device-commands-test-support';

/**
 * The device terminal in the tenant-isolation suite: A sends its watch a command from one of its
 * templates and a position request through the API; B may neither read the watch's commands (404) nor queue one for it (404), and
 * A's commands stay as they were.
 */
export const deviceCommandsIsolationCase: IsolationCase = {
  name: 'device commands',
  tables: ['device_commands', 'command_templates'],
  permissions: ['Homeward.Devices', 'Homeward.Devices.SendCommand', 'Homeward.Devices.RequestPosition'],
  async seed({ t, a }) {
    const device = await givenDevice(t.database.db, a.tenantId);
    const template = await givenCommandTemplate(t.database.db, a.tenantId, { commandText: 'VERNO' });
    const sent = await a.request({
      method: 'POST',
      url: `/api/devices/${device.id}/commands`,
      payload: { templateId: template.id },
    });
    if (sent.statusCode !== 201) throw new Error(`seed refused: ${sent.statusCode} ${sent.body}`);
    const queued = await a.request({ method: 'POST', url: `/api/devices/${device.id}/request-position` });
    if (queued.statusCode !== 201) throw new Error(`seed refused: ${queued.statusCode} ${queued.body}`);
    return { id: device.id, searchText: device.imei };
  },
  read: (id) => `/api/devices/${id}/commands`,
  update: (row) => ({ method: 'POST', url: `/api/devices/${row.id}/request-history` }),
};
