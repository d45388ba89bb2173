import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';

/** Each seeded network's MAC by id, so `read` can look A's network up by its MAC. */
const macById = new Map<string, string>();

/**
 * Wi-Fi networks in the tenant-isolation suite. The row is read by MAC (the family's read is
 * `by-mac`): B asking for A's MAC gets 404, as for A's id in update and delete. The search text is
 * the MAC, so B's list, search and export must not even mention it.
 */
export const wifiNetworksIsolationCase: IsolationCase = {
  name: 'wifi networks',
  tables: ['wifi_networks'],
  permissions: [
    'Homeward.WifiNetworks',
    'Homeward.WifiNetworks.Create',
    'Homeward.WifiNetworks.Edit',
    'Homeward.WifiNetworks.Delete',
  ],
  async seed({ a }) {
    const mac = [...randomBytes(6)].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
    const created = await a.request({
      method: 'POST',
      url: '/api/wifis',
      payload: { macAddress: mac, ssid: 'Isolated', trustLevel: 'trusted', latitude: 55.6, longitude: 12.5 },
    });
    if (created.statusCode !== 201) throw new Error(`seed refused: ${created.statusCode} ${created.body}`);
    const { id } = created.json() as { id: string };
    macById.set(id, mac);
    return { id, searchText: mac };
  },
  list: '/api/wifis?maxResultCount=1000',
  read: (id) => `/api/wifis/by-mac/${encodeURIComponent(macById.get(id) ?? '00:00:00:00:00:00')}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/wifis/${row.id}`,
    payload: { macAddress: row.searchText, displayName: 'Hijacked', trustLevel: 'untrusted' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/wifis/${id}` }),
  search: (text) => `/api/wifis?filter=${encodeURIComponent(text)}`,
  export: (text) => `/api/wifis/export?filter=${encodeURIComponent(text)}`,
};
