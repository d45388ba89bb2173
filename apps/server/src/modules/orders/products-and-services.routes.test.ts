import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, type TestTokens } from '../../test/sign-in';
import { orderStaffTenant, type OrderStaffTenant } from './orders-test-support';

let t: TestApp;
let staff: TestTokens;
let viewer: TestTokens;
let stranger: TestTokens;
let send: ReturnType<typeof apiCaller>;
let givenShop: OrderStaffTenant['givenShop'];

beforeAll(async () => {
  t = await buildTestApp();
  send = apiCaller(t);
  ({ staff, viewer, stranger, givenShop } = await orderStaffTenant(t));
});
afterAll(async () => {
  await t.close();
});

describe('productsAndServices', () => {
  it('lists the customer’s watches by family, its ordered accessories and its agreed services', async () => {
    const shop = await givenShop(2, 10);
    const service = await send(staff, 'POST', '/api/products', {
      kind: 'service',
      name: 'Installation',
      listPriceMinor: 50_000,
      currency: 'DKK',
    });
    expect(service.statusCode, service.body).toBe(201);
    await send(staff, 'PUT', `/api/customers/${shop.customer.id}/prices`, {
      prices: [{ productId: service.json().id, priceMinor: 40_000 }],
    });
    await send(staff, 'PUT', `/api/customers/${shop.customer.id}/discount`, { discountPercentage: 10 });
    for (const quantity of [1, 2]) {
      const placed = await send(staff, 'POST', '/api/orders', {
        customerId: shop.customer.id,
        ...(quantity === 2 ? { productId: shop.family.id, quantity: 2 } : {}),
        accessories: [{ productId: shop.accessory.id, quantity }],
      });
      expect(placed.statusCode, placed.body).toBe(201);
    }
    const response = await send(viewer, 'GET', `/api/customers/${shop.customer.id}/products-and-services`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customerId: shop.customer.id,
      watches: [{ productId: shop.family.id, productName: shop.family.name, count: 2 }],
      accessories: [{ productId: shop.accessory.id, productName: shop.accessory.name, quantity: 3 }],
      services: [
        {
          productId: service.json().id,
          productName: 'Installation',
          kind: 'service',
          currency: 'DKK',
          netPriceMinor: 36_000,
        },
      ],
    });
    const unknown = '00000000-0000-7000-8000-000000000001';
    expect((await send(viewer, 'GET', `/api/customers/${unknown}/products-and-services`)).statusCode).toBe(
      404,
    );
  });

  it('keeps another tenant out of the customer’s products, stock and orders', async () => {
    const shop = await givenShop(1);
    const url = `/api/customers/${shop.customer.id}/products-and-services`;
    expect((await send(stranger, 'GET', url)).statusCode).toBe(404);
    const order = await send(stranger, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 1,
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().error.validationErrors).toEqual([
      { field: 'customerId', message: 'validation.invalid' },
    ]);
    const stock = (await send(stranger, 'GET', '/api/orders/available-for-order')).json();
    expect(stock).toEqual({ items: [], accessories: [] });
  });
});
