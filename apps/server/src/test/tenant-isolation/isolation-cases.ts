import { randomBytes } from 'node:crypto';
import { claimTypes } from '../../modules/claim-types/claim-types.schema';
import { securityLogs } from '../../modules/security-logs/security-logs.schema';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { geofencesIsolationCase } from '../../modules/geofences/geofences.isolation';
import type { IsolationCase } from './isolation-case';
import { wifiNetworksIsolationCase } from '../../modules/wifi-networks/wifi-networks.isolation';
import { simcardsIsolationCase } from '../../modules/simcards/simcards.isolation';
import {
  organizationLookupsIsolationCase,
  organizationsIsolationCase,
} from '../../modules/organizations/organizations.isolation';
import { customersIsolationCase } from '../../modules/customers/customers.isolation';
import { productsIsolationCase } from '../../modules/products/products.isolation';
import { ordersIsolationCase } from '../../modules/orders/orders.isolation';
import { batteryLevelsIsolationCase } from '../../modules/battery-levels/battery-levels.isolation';
import { contactPeopleIsolationCase } from '../../modules/contact-people/contact-people.isolation';
import {
  citizenAlarmReceiversIsolationCase,
  citizenDevicesIsolationCase,
  citizenGeofencesIsolationCase,
  citizensIsolationCase,
} from '../../modules/citizens/citizens.isolation';
import { telemetryIsolationCase } from '../../modules/telemetry/telemetry.isolation';
import { geofenceEngineIsolationCase } from '../../modules/geofence-engine/geofence-engine.isolation';
import { alarmsIsolationCase } from '../../modules/alarms/alarms.isolation';
import { commandTemplatesIsolationCase } from '../../modules/command-templates/command-templates.isolation';
import { deviceCommandsIsolationCase } from '../../modules/device-commands/device-commands.isolation';
import { alarmTextsIsolationCase } from '../../modules/alarm-texts/alarm-texts.isolation';
import { messagesIsolationCase } from '../../modules/messages/messages.isolation';
import {
  activationCodesIsolationCase,
  connectedDevicesIsolationCase,
} from '../../modules/device-connection/device-connection.isolation';
import { profileIsolationCase } from '../../modules/profile/profile.isolation';
import { deviceAdministrationIsolationCase } from '../../modules/device-administration/device-administration.isolation';
import { householdMembersIsolationCase } from '../../modules/household-members/household-members.isolation';
import { accountTransferIsolationCase } from '../../modules/account-transfer/account-transfer.isolation';
import {
  billingCardsIsolationCase,
  billingInvoicesIsolationCase,
  billingSubscriptionsIsolationCase,
} from '../../modules/billing/billing.isolation';

/**
 * Every tenant-owned endpoint family, one entry each; the runner is
 * `platform/tenancy/tenant-isolation.test.ts`. A module that adds tenant-owned data adds its case
 * here (one line in the list at the bottom).
 */

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** A 15-digit IMEI with a valid Luhn check digit, different on every call. */
export function randomImei(): string {
  const body = Array.from(randomBytes(14), (byte) => String(byte % 10)).join('');
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    let digit = Number(body[13 - index]);
    if (index % 2 === 0) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

interface SeedResponse {
  statusCode: number;
  body: string;
  json(): unknown;
}

function succeeded(response: SeedResponse): SeedResponse {
  if (response.statusCode >= 300) throw new Error(`seed refused: ${response.statusCode} ${response.body}`);
  return response;
}

/** The created row's id from a successful create. */
export function createdId(response: SeedResponse): string {
  return (succeeded(response).json() as { id: string }).id;
}

/** A watch of tenant A with a fresh IMEI, registered through the API in a new organization unit of A. */
export async function registerIsolatedWatch(
  { a, given }: Pick<Parameters<IsolationCase['seed']>[0], 'a' | 'given'>,
  name: string,
): Promise<{ id: string; imei: string; organizationId: string }> {
  const imei = randomImei();
  const organizationId = (await given.organization(a.tenantId)).id;
  const id = createdId(
    await a.request({ method: 'POST', url: '/api/devices', payload: { name, imei, organizationId } }),
  );
  return { id, imei, organizationId };
}

const users: IsolationCase = {
  name: 'identity users',
  tables: ['users', 'user_roles', 'user_organization_units'],
  permissions: [
    'Homeward.Users',
    'Homeward.Users.Create',
    'Homeward.Users.Edit',
    'Homeward.Users.Delete',
    'Homeward.Roles',
    'Homeward.Roles.Create',
  ],
  async seed({ a }) {
    const userName = unique('isolated.');
    const roleName = unique('Isolated user role ');
    createdId(await a.request({ method: 'POST', url: '/api/identity/roles', payload: { name: roleName } }));
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/identity/users',
        payload: {
          userName,
          email: `${userName}@example.com`,
          password: 'Isolated-Pass1!',
          roleNames: [roleName],
        },
      }),
    );
    return { id, searchText: userName };
  },
  list: '/api/identity/users?maxResultCount=1000',
  read: (id) => `/api/identity/users/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/identity/users/${row.id}`,
    payload: { userName: row.searchText, email: `${row.searchText}@example.com`, name: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/identity/users/${id}` }),
  search: (text) => `/api/identity/users?filter=${text}`,
  export: (text) => `/api/identity/users/export?filter=${text}`,
};

const roles: IsolationCase = {
  name: 'identity roles',
  tables: ['roles', 'role_claims', 'permission_grants'],
  permissions: ['Homeward.Roles', 'Homeward.Roles.Create', 'Homeward.Roles.Edit', 'Homeward.Roles.Delete'],
  async seed({ a, t }) {
    const name = unique('Isolated role ');
    const id = createdId(await a.request({ method: 'POST', url: '/api/identity/roles', payload: { name } }));
    // Claim types are the host's; a role of A then holds a claim of one.
    const claimType = unique('isolation_claim_');
    await t.database.db.insert(claimTypes).values({ name: claimType }).onConflictDoNothing();
    succeeded(
      await a.request({
        method: 'PUT',
        url: `/api/identity/roles/${id}/claims`,
        payload: [{ claimType, claimValue: 'a' }],
      }),
    );
    return { id, searchText: name };
  },
  list: '/api/identity/roles?maxResultCount=1000',
  read: (id) => `/api/identity/roles/${id}`,
  update: (row) => ({ method: 'PUT', url: `/api/identity/roles/${row.id}`, payload: { name: 'Hijacked' } }),
  remove: (id) => ({ method: 'DELETE', url: `/api/identity/roles/${id}` }),
  search: (text) => `/api/identity/roles?filter=${encodeURIComponent(text)}`,
};

const organizationUnits: IsolationCase = {
  name: 'organization units',
  tables: ['organization_units', 'user_organization_units', 'organization_unit_roles'],
  permissions: [
    'Homeward.OrganizationUnits',
    'Homeward.OrganizationUnits.Create',
    'Homeward.OrganizationUnits.Edit',
    'Homeward.OrganizationUnits.Delete',
    'Homeward.OrganizationUnits.ManageMembers',
    'Homeward.OrganizationUnits.ManageRoles',
    'Homeward.Roles',
    'Homeward.Roles.Create',
  ],
  async seed({ a }) {
    const displayName = unique('Isolated unit ');
    const unitId = createdId(
      await a.request({ method: 'POST', url: '/api/identity/organization-units', payload: { displayName } }),
    );
    succeeded(
      await a.request({
        method: 'POST',
        url: `/api/identity/organization-units/${unitId}/members`,
        payload: { userIds: [a.userId] },
      }),
    );
    const roleId = createdId(
      await a.request({
        method: 'POST',
        url: '/api/identity/roles',
        payload: { name: unique('Unit role ') },
      }),
    );
    succeeded(
      await a.request({
        method: 'POST',
        url: `/api/identity/organization-units/${unitId}/roles`,
        payload: { roleIds: [roleId] },
      }),
    );
    return { id: unitId, searchText: displayName };
  },
  list: '/api/identity/organization-units',
  read: (id) => `/api/identity/organization-units/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/identity/organization-units/${row.id}`,
    payload: { displayName: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/identity/organization-units/${id}` }),
};

let isolatedOrganizationId = '';
const devices: IsolationCase = {
  name: 'devices',
  tables: ['devices'],
  permissions: [
    'Homeward.Devices',
    'Homeward.Devices.Create',
    'Homeward.Devices.Edit',
    'Homeward.Devices.Delete',
  ],
  async seed(context) {
    const watch = await registerIsolatedWatch(context, 'Isolated watch');
    isolatedOrganizationId = watch.organizationId;
    return { id: watch.id, searchText: watch.imei };
  },
  list: '/api/devices?maxResultCount=1000',
  read: (id) => `/api/devices/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/devices/${row.id}`,
    payload: { name: 'Renamed watch', organizationId: isolatedOrganizationId },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/devices/${id}` }),
  search: (text) => `/api/devices?filter=${text}`,
  export: (text) => `/api/devices/export?filter=${text}`,
};

const securityLogEntries: IsolationCase = {
  name: 'security logs',
  tables: ['security_logs'],
  permissions: ['Homeward.SecurityLogs'],
  async seed({ a, t }) {
    const userName = unique('isolated.log.');
    const id = uuidv7();
    await t.database.db.insert(securityLogs).values({
      id,
      tenantId: a.tenantId,
      identity: 'Identity',
      action: 'LoginFailed',
      userName,
    });
    return { id, searchText: userName };
  },
  list: '/api/identity/security-logs?maxResultCount=1000',
  search: (text) => `/api/identity/security-logs?userName=${text}`,
  export: (text) => `/api/identity/security-logs/export?userName=${text}`,
};

const auditLogs: IsolationCase = {
  name: 'audit logs',
  // Written in the background by every request; their count is not stable, so none are compared.
  tables: [],
  permissions: ['Homeward.AuditLogs'],
  async seed({ a, t }) {
    // A refused write is still recorded; its URL carries a text found nowhere else.
    const marker = uuidv7();
    await a.request({ method: 'PUT', url: `/api/identity/roles/${marker}`, payload: { name: 'x' } });
    await t.app.auditLog.flush();
    const found = await a.request({ method: 'GET', url: `/api/audit-logs?url=${marker}` });
    const entry = (found.json() as { items: { id: string }[] }).items[0];
    if (!entry) throw new Error(`seed: no audit entry for ${marker}: ${found.body}`);
    return { id: entry.id, searchText: marker };
  },
  list: '/api/audit-logs?maxResultCount=1000',
  read: (id) => `/api/audit-logs/${id}`,
  search: (text) => `/api/audit-logs?url=${text}`,
};

/** The suite's cases; add one line per new tenant-owned endpoint family. */
export const ISOLATION_CASES: IsolationCase[] = [
  users,
  roles,
  organizationUnits,
  organizationsIsolationCase,
  organizationLookupsIsolationCase,
  devices,
  activationCodesIsolationCase,
  connectedDevicesIsolationCase,
  securityLogEntries,
  auditLogs,
  wifiNetworksIsolationCase,
  simcardsIsolationCase,
  geofencesIsolationCase,
  productsIsolationCase,
  ordersIsolationCase,
  batteryLevelsIsolationCase,
  customersIsolationCase,
  contactPeopleIsolationCase,
  citizensIsolationCase,
  citizenDevicesIsolationCase,
  citizenGeofencesIsolationCase,
  citizenAlarmReceiversIsolationCase,
  telemetryIsolationCase,
  geofenceEngineIsolationCase,
  alarmsIsolationCase,
  commandTemplatesIsolationCase,
  deviceCommandsIsolationCase,
  alarmTextsIsolationCase,
  messagesIsolationCase,
  profileIsolationCase,
  deviceAdministrationIsolationCase,
];

/**
 * Endpoint families that exist for households only (an organization's tenant is refused them):
 * the household suites (platform/tenancy/household-isolation.test.ts) run them after the others.
 */
export const HOUSEHOLD_ISOLATION_CASES: IsolationCase[] = [
  householdMembersIsolationCase,
  accountTransferIsolationCase,
  billingCardsIsolationCase,
  billingSubscriptionsIsolationCase,
  billingInvoicesIsolationCase,
];
