import { randomBytes } from 'node:crypto';
import type { IsolationCase, SeededRow } from '../../test/tenant-isolation/isolation-case';

/**
 * Organizations in the tenant-isolation suite: tenant B must not list, search, read, update, move
 * or delete tenant A's organizations, nor reach them through the lookups, children or default
 * customer.
 */

const PERMISSIONS = [
  'Homeward.Organizations',
  'Homeward.Organizations.Create',
  'Homeward.Organizations.Edit',
  'Homeward.Organizations.Delete',
  'Homeward.Organizations.Move',
];

async function seedOrganization({ a, given }: Parameters<IsolationCase['seed']>[0]): Promise<SeededRow> {
  const displayName = `Isolated organization ${randomBytes(5).toString('hex')}`;
  const customer = await given.customer(a.tenantId);
  const geofence = await given.geofence(a.tenantId);
  const response = await a.request({
    method: 'POST',
    url: '/api/organizations',
    payload: { displayName, customerId: customer.id, geofenceId: geofence.id },
  });
  if (response.statusCode !== 201) throw new Error(`seed refused: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { id: string }).id, searchText: displayName };
}

export const organizationsIsolationCase: IsolationCase = {
  name: 'organizations',
  tables: ['organization_units'],
  permissions: PERMISSIONS,
  seed: seedOrganization,
  list: '/api/organizations?maxResultCount=1000',
  read: (id) => `/api/organizations/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/organizations/${row.id}`,
    payload: { displayName: 'Hijacked', customerId: null },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/organizations/${id}` }),
  search: (text) => `/api/organizations?filter=${encodeURIComponent(text)}`,
};

/**
 * The same rows through the lookup and the move (children and default customer answer 404 across
 * tenants in `organizations-tree.routes.test.ts`; their bodies never hold the row's id).
 */
export const organizationLookupsIsolationCase: IsolationCase = {
  name: 'organization lookups',
  tables: ['organization_units'],
  permissions: PERMISSIONS,
  seed: seedOrganization,
  list: '/api/organizations/lookup?take=100',
  update: (row) => ({
    method: 'POST',
    url: `/api/organizations/${row.id}/move`,
    payload: { newParentId: null },
  }),
  search: (text) => `/api/organizations/lookup?filter=${encodeURIComponent(text)}`,
};
