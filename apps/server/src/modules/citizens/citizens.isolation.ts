import { randomBytes } from 'node:crypto';
import type { IsolationCase, SeededRow } from '../../test/tenant-isolation/isolation-case';
import { createdId, randomImei } from '../../test/tenant-isolation/isolation-cases';
import { contactPeople } from '../contact-people/contact-people.schema';
import { devices } from '../devices/devices.schema';

/**
 * Citizens in the tenant-isolation suite: tenant B can list, search, read, update and delete none of
 * tenant A's citizens, nor replace their watches, settings, geofences or alarm receivers. Each seed
 * makes a citizen with a row in every citizen table.
 */

const PERMISSIONS = [
  'Homeward.Citizens',
  'Homeward.Citizens.Create',
  'Homeward.Citizens.Edit',
  'Homeward.Citizens.Delete',
  'Homeward.Citizens.ManageDevices',
  'Homeward.Citizens.ManageGeofences',
  'Homeward.Citizens.ManageAlarmReceivers',
];

interface SeededCitizen {
  organizationId: string;
  deviceId: string;
  cpr: string;
}
const seeded = new Map<string, SeededCitizen>();

async function seedCitizen({ t, a, given }: Parameters<IsolationCase['seed']>[0]): Promise<SeededRow> {
  const surname = `Isolated${randomBytes(5).toString('hex')}`;
  const organization = await given.organization(a.tenantId);
  const customer = await given.customer(a.tenantId);
  const geofence = await given.geofence(a.tenantId);
  const [device] = await t.database.db
    .insert(devices)
    .values({
      tenantId: a.tenantId,
      name: 'Isolated watch',
      imei: randomImei(),
      organizationId: organization.id,
    })
    .returning({ id: devices.id });
  const [contact] = await t.database.db
    .insert(contactPeople)
    .values({ tenantId: a.tenantId, customerId: customer.id, firstName: 'Iso', lastName: surname })
    .returning({ id: contactPeople.id });
  const serial = String(randomBytes(2).readUInt16BE(0) % 10_000).padStart(4, '0');
  const cpr = `150652-${serial}`;
  const id = createdId(
    await a.request({
      method: 'POST',
      url: '/api/citizens/wizard',
      payload: {
        information: { name: 'Iso', surname, cpr, organizationId: organization.id },
        deviceIds: [device!.id],
        geofenceIds: [geofence.id],
      },
    }),
  );
  const receivers = await a.request({
    method: 'PUT',
    url: `/api/citizens/${id}/alarm-receivers`,
    payload: {
      receivers: [
        { kind: 'user', userId: a.userId },
        { kind: 'contactPerson', contactPersonId: contact!.id },
      ],
    },
  });
  if (receivers.statusCode !== 200)
    throw new Error(`seed refused: ${receivers.statusCode} ${receivers.body}`);
  seeded.set(id, { organizationId: organization.id, deviceId: device!.id, cpr });
  return { id, searchText: surname };
}

const TABLES = ['citizens', 'citizen_device_settings', 'citizen_geofences', 'citizen_alarm_receivers'];
const base = { tables: TABLES, permissions: PERMISSIONS, seed: seedCitizen };

export const citizensIsolationCase: IsolationCase = {
  ...base,
  name: 'citizens',
  list: '/api/citizens?maxResultCount=1000',
  read: (id) => `/api/citizens/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/citizens/${row.id}`,
    payload: {
      name: 'Hijacked',
      surname: 'Hijacked',
      cpr: seeded.get(row.id)!.cpr,
      organizationId: seeded.get(row.id)!.organizationId,
    },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/citizens/${id}` }),
  search: (text) => `/api/citizens?filter=${encodeURIComponent(text)}`,
};

export const citizenDevicesIsolationCase: IsolationCase = {
  ...base,
  name: 'citizen watches',
  update: (row) => ({ method: 'PUT', url: `/api/citizens/${row.id}/devices`, payload: { deviceIds: [] } }),
  remove: (id) => ({
    method: 'PUT',
    url: `/api/citizens/${id}/devices/${seeded.get(id)!.deviceId}/settings`,
    payload: {
      settings: { positionIntervalSeconds: 60, lowBatteryThresholdPercent: 50, fallDetection: true },
    },
  }),
};

export const citizenGeofencesIsolationCase: IsolationCase = {
  ...base,
  name: 'citizen geofences',
  update: (row) => ({
    method: 'PUT',
    url: `/api/citizens/${row.id}/geofences`,
    payload: { geofenceIds: [] },
  }),
};

export const citizenAlarmReceiversIsolationCase: IsolationCase = {
  ...base,
  name: 'citizen alarm receivers',
  update: (row) => ({
    method: 'PUT',
    url: `/api/citizens/${row.id}/alarm-receivers`,
    payload: { receivers: [] },
  }),
};
