import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';
import {
  givenAccessory,
  givenCustomerOrganization,
  givenDeviceFamily,
  givenStockWatch,
  ORDER_STAFF_PERMISSIONS,
} from './orders-test-support';

/**
 * Customer orders: tenant A orders a watch and an accessory for its customer, so an order, its
 * lines and its watch exist. B can neither list, find (by customer name), nor read A's order and
 * its activation codes. Orders are not edited or deleted through the API.
 */
export const ordersIsolationCase: IsolationCase = {
  name: 'orders',
  tables: ['customer_orders', 'customer_order_lines', 'customer_order_devices'],
  permissions: ORDER_STAFF_PERMISSIONS,
  async seed({ t, a, given }) {
    const db = t.database.db;
    const customer = await given.customer(a.tenantId);
    await givenCustomerOrganization(db, a.tenantId, customer.id);
    const stock = await given.organization(a.tenantId);
    const family = await givenDeviceFamily(db, a.tenantId);
    const accessory = await givenAccessory(db, a.tenantId, { count: 3 });
    await givenStockWatch(t, a.tenantId, family.id, stock.id);
    const id = createdId(
      await a.request({
        method: 'POST',
        url: '/api/orders',
        payload: {
          customerId: customer.id,
          productId: family.id,
          quantity: 1,
          accessories: [{ productId: accessory.id, quantity: 1 }],
        },
      }),
    );
    return { id, searchText: customer.name };
  },
  list: '/api/orders?maxResultCount=1000',
  read: (id) => `/api/orders/${id}`,
  search: (text) => `/api/orders?filter=${encodeURIComponent(text)}`,
};
