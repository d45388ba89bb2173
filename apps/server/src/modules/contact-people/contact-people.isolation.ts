import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** The customer of each seeded contact, so the update below is one A could make. */
const customerOf = new Map<string, string>();

/** Contact people with a role of the tenant's own (so every contact table has rows of A). */
export const contactPeopleIsolationCase: IsolationCase = {
  name: 'contact people',
  tables: ['contact_people', 'contact_roles', 'contact_person_roles'],
  permissions: [
    'Homeward.Customers',
    'Homeward.Customers.Create',
    'Homeward.ContactPeople',
    'Homeward.ContactPeople.Create',
    'Homeward.ContactPeople.Edit',
    'Homeward.ContactPeople.Delete',
  ],
  async seed({ a }) {
    const lastName = unique('Isolated');
    const customerId = createdId(
      await a.request({
        method: 'POST',
        url: '/api/customers',
        payload: { name: unique('Contact customer ') },
      }),
    );
    const roleId = createdId(
      await a.request({ method: 'POST', url: '/api/contact-roles', payload: { name: unique('Role ') } }),
    );
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/contact-people',
        payload: { customerId, firstName: 'Iso', lastName, roleIds: [roleId] },
      }),
    );
    customerOf.set(id, customerId);
    return { id, searchText: lastName };
  },
  list: '/api/contact-people?maxResultCount=1000',
  read: (id) => `/api/contact-people/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/contact-people/${row.id}`,
    payload: { customerId: customerOf.get(row.id), firstName: 'Hijacked', lastName: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/contact-people/${id}` }),
  search: (text) => `/api/contact-people?filter=${encodeURIComponent(text)}`,
};
