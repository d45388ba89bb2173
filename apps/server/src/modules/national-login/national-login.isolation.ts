import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';
import { saveTenantFeatures } from '../tenants/tenant-features';
import { nationalLoginBrokers } from './national-login.schema';

/**
 * National-ID users and brokers in the tenant-isolation suite: tenant A (national login on, a
 * broker set) creates a national-ID user; B must not read its binding, nor find, change or delete
 * the user, and A's binding and broker rows stay as they were.
 */
export const nationalLoginIsolationCase: IsolationCase = {
  name: 'national-ID users',
  tables: ['national_identities', 'national_login_brokers'],
  permissions: ['Homeward.Users', 'Homeward.Users.Create', 'Homeward.Users.Edit', 'Homeward.Users.Delete'],
  async seed({ t, a }) {
    await saveTenantFeatures(t.database.db, a.tenantId, { 'Homeward.NationalLogin': true }, new Date());
    await t.database.db
      .insert(nationalLoginBrokers)
      .values({
        tenantId: a.tenantId,
        issuer: 'https://broker.example.com',
        clientId: 'homeward',
        clientSecretEncrypted: 'not-a-real-secret',
      })
      .onConflictDoNothing();
    const userName = `national.${randomBytes(4).toString('hex')}`;
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/identity/users/national-id',
        payload: { userName, email: `${userName}@example.com`, nationalIdentity: `id-${userName}` },
      }),
    );
    return { id, searchText: userName };
  },
  list: '/api/identity/users?maxResultCount=1000',
  read: (id) => `/api/identity/users/${id}/national-id`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/identity/users/${row.id}`,
    payload: { userName: row.searchText, email: `${row.searchText}@example.com`, name: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/identity/users/${id}` }),
  search: (text) => `/api/identity/users?filter=${encodeURIComponent(text)}`,
};
