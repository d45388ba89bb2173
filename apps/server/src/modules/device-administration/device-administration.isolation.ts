import { PHYSICAL_LOCATIONS } from '@homeward/contracts';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { registerIsolatedWatch } from '../../test/tenant-isolation/isolation-cases';

const BASE = '/api/device-administration/devices';

/**
 * Device administration in the tenant-isolation suite: A's watch with a history row (a location
 * move). B must not list, find by IMEI, read, move, stop or exchange it, nor read its history.
 */
export const deviceAdministrationIsolationCase: IsolationCase = {
  name: 'device administration',
  tables: ['devices', 'device_history'],
  permissions: [
    'Homeward.Devices',
    'Homeward.Devices.Create',
    'Homeward.DeviceAdministration',
    'Homeward.DeviceAdministration.Edit',
    'Homeward.DeviceAdministration.Stop',
    'Homeward.DeviceAdministration.Exchange',
  ],
  async seed({ a, given }) {
    const { id, imei } = await registerIsolatedWatch({ a, given }, 'Administered watch');
    const moved = await a.request({
      method: 'PUT',
      url: `${BASE}/${id}/location`,
      payload: { to: PHYSICAL_LOCATIONS.inStock, note: 'Isolated stock' },
    });
    if (moved.statusCode !== 200) throw new Error(`seed refused: ${moved.statusCode} ${moved.body}`);
    return { id, searchText: imei };
  },
  list: `${BASE}?maxResultCount=1000`,
  read: (id) => `${BASE}/${id}/history`,
  update: (row) => ({
    method: 'PUT',
    url: `${BASE}/${row.id}/location`,
    payload: { to: PHYSICAL_LOCATIONS.testing },
  }),
  remove: (id) => ({ method: 'POST', url: `${BASE}/${id}/stop`, payload: { kind: 'lost' } }),
  search: (text) => `${BASE}?filter=${encodeURIComponent(text)}`,
};
