import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';

const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

/** Customers with a custom price each (so customer_product_prices has rows of A). */
export const customersIsolationCase: IsolationCase = {
  name: 'customers',
  tables: ['customers', 'customer_product_prices'],
  permissions: [
    'Homeward.Customers',
    'Homeward.Customers.Create',
    'Homeward.Customers.Edit',
    'Homeward.Customers.Delete',
    'Homeward.Customers.ManagePrices',
    'Homeward.Accessories',
    'Homeward.Accessories.Create',
  ],
  async seed({ a }) {
    const name = unique('Isolated customer ');
    const id = createdId(await a.request({ method: 'POST', url: '/api/customers', payload: { name } }));
    const productId = createdId(
      await a.request({
        method: 'POST',
        url: '/api/products',
        payload: { kind: 'subscription', name: unique('Plan '), listPriceMinor: 100, currency: 'DKK' },
      }),
    );
    await a.request({
      method: 'PUT',
      url: `/api/customers/${id}/prices`,
      payload: { prices: [{ productId, priceMinor: 50 }] },
    });
    return { id, searchText: name };
  },
  list: '/api/customers?maxResultCount=1000',
  read: (id) => `/api/customers/${id}`,
  update: (row) => ({ method: 'PUT', url: `/api/customers/${row.id}`, payload: { name: 'Hijacked' } }),
  remove: (id) => ({ method: 'DELETE', url: `/api/customers/${id}` }),
  search: (text) => `/api/customers?filter=${encodeURIComponent(text)}`,
};
