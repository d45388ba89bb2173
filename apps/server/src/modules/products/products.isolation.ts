import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** The product catalogue. */
export const productsIsolationCase: IsolationCase = {
  name: 'products',
  tables: ['products'],
  permissions: [
    'Homeward.Accessories',
    'Homeward.Accessories.Edit',
    'Homeward.Accessories.Delete',
    'Homeward.Accessories.Create',
  ],
  async seed({ a }) {
    const name = unique('Isolated product ');
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/products',
        payload: { kind: 'service', name, listPriceMinor: 100, currency: 'DKK' },
      }),
    );
    return { id, searchText: name };
  },
  list: '/api/products?maxResultCount=1000',
  read: (id) => `/api/products/${id}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/products/${row.id}`,
    payload: { kind: 'service', name: 'Hijacked', listPriceMinor: 1, currency: 'DKK' },
  }),
  remove: (id) => ({ method: 'DELETE', url: `/api/products/${id}` }),
  search: (text) => `/api/products?filter=${encodeURIComponent(text)}`,
};
