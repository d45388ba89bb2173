import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { randomImei, registerIsolatedWatch } from '../../test/tenant-isolation/isolation-cases';
import { devices } from '../devices/devices.schema';

/** Activation codes of watches (issue 17): read, renewed and exported for labels, per tenant. */
export const activationCodesIsolationCase: IsolationCase = {
  name: 'activation codes',
  tables: ['devices'],
  permissions: ['Homeward.Devices', 'Homeward.Devices.Create', 'Homeward.Devices.ActivationCodes'],
  async seed(context) {
    const { id, imei } = await registerIsolatedWatch(context, 'Boxed watch');
    return { id, searchText: imei };
  },
  read: (id) => `/api/devices/${id}/activation-code`,
  update: (row) => ({ method: 'POST', url: `/api/devices/${row.id}/activation-code` }),
  export: (text) => `/api/devices/activation-codes/export?filter=${text}`,
};

/**
 * A household's connected watches (getAssignDeviceToUser, updateDevice, disconnect). The watch is
 * written as connecting leaves it (a row of tenant A, with the seller remembered), so the case runs
 * for organization tenants and households alike.
 */
export const connectedDevicesIsolationCase: IsolationCase = {
  name: 'connected watches',
  tables: ['devices'],
  permissions: ['Homeward.Devices', 'Homeward.Devices.Edit', 'Homeward.Devices.Delete'],
  async seed({ t, a, given }) {
    const imei = randomImei();
    const seller = await given.tenant();
    const [row] = await t.database.db
      .insert(devices)
      .values({
        tenantId: a.tenantId,
        name: `Connected ${imei}`,
        imei,
        sellerTenantId: seller.id,
        connectedAt: new Date(),
      })
      .returning({ id: devices.id });
    return { id: row!.id, searchText: imei };
  },
  list: '/api/device-connection',
  update: (row) => ({
    method: 'PUT',
    url: `/api/device-connection/${row.id}`,
    payload: { name: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/device-connection/${id}` }),
};
