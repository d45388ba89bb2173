import { claimTypes } from '../../modules/claim-types/claim-types.schema';
import { securityLogs } from '../../modules/security-logs/security-logs.schema';
import { uuidv7 } from '../../platform/db/uuid-v7';
import type { IsolationCase } from './isolation-case';
import { createdId, registerIsolatedWatch, succeeded, unique } from './isolation-seeding';
// The isolation cases of identity and platform tables (users, roles, organization units, devices,
// security and audit logs), which have no module folder of their own for an isolation file.

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

export const IDENTITY_ISOLATION_CASES = {
  users,
  roles,
  organizationUnits,
  devices,
  securityLogEntries,
  auditLogs,
};
