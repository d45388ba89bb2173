import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { apiCaller, type TestTokens } from '../../test/sign-in';
import { deviceHistory } from '../device-administration/device-administration.schema';
import { createActivationCodeProtection } from '../devices/activation-codes';
import { products } from '../products/products.schema';
import {
  givenAccessory,
  givenCustomerOrganization,
  givenDeviceFamily,
  givenStockWatch,
  orderStaffTenant,
  readWatch,
  type OrderStaffTenant,
} from './orders-test-support';

let t: TestApp;
let tenantId: string;
let stockOrganizationId: string;
let staff: TestTokens;
let viewer: TestTokens;
let send: ReturnType<typeof apiCaller>;
let givenShop: OrderStaffTenant['givenShop'];

beforeAll(async () => {
  t = await buildTestApp();
  send = apiCaller(t);
  ({ tenantId, stockOrganizationId, staff, viewer, givenShop } = await orderStaffTenant(t));
});
afterAll(async () => {
  await t.close();
});

const availableOf = async (productId: string) => {
  const response = await send(staff, 'GET', '/api/orders/available-for-order');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.find((item: { productId: string }) => item.productId === productId)?.available;
};

describe('availableForOrder', () => {
  it('counts the family’s watches that are In stock and ready for sale, and no others', async () => {
    const shop = await givenShop(2);
    const add = (options: Parameters<typeof givenStockWatch>[4]) =>
      givenStockWatch(t, tenantId, shop.family.id, stockOrganizationId, options);
    await add({ readyForSale: false });
    await add({ physicalLocation: 2 });
    await add({ physicalLocation: 7 });
    expect(await availableOf(shop.family.id)).toBe(2);
    // Families without stock are listed with 0, so the order dialog can show them.
    const empty = await givenDeviceFamily(t.database.db, tenantId);
    expect(await availableOf(empty.id)).toBe(0);
    // Accessories come with their counts; one past its end of life is not offered.
    const ended = await givenAccessory(t.database.db, tenantId, { count: 4, endOfLifeDate: '2021-06-30' });
    const accessories = (await send(staff, 'GET', '/api/orders/available-for-order')).json().accessories;
    expect(accessories).toContainEqual({
      productId: shop.accessory.id,
      productName: shop.accessory.name,
      count: 10,
      endOfLifeDate: null,
    });
    expect(accessories.map((item: { productId: string }) => item.productId)).not.toContain(ended.id);
  });
});

describe('customerOrder', () => {
  it('reserves watches from stock, sends them to the customer with their activation codes, and takes accessories', async () => {
    const shop = await givenShop(3, 10);
    // A watch registered before codes existed gets one when it is ordered.
    const older = await givenStockWatch(t, tenantId, shop.family.id, stockOrganizationId, {
      withCode: false,
    });
    await t.database.db
      .update(products)
      .set({ listPriceMinor: 200_000 })
      .where(eq(products.id, shop.family.id));

    const response = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 4,
      accessories: [{ productId: shop.accessory.id, quantity: 3 }],
      note: 'Delivery to the front desk',
    });
    expect(response.statusCode, response.body).toBe(201);
    const order = response.json();
    expect(order).toMatchObject({
      customerId: shop.customer.id,
      organizationId: shop.organization.id,
      watchCount: 4,
      accessoryCount: 3,
      note: 'Delivery to the front desk',
    });
    expect(order.lines).toEqual([
      expect.objectContaining({
        productId: shop.family.id,
        kind: 'deviceFamily',
        quantity: 4,
        unitPriceMinor: 200_000,
      }),
      expect.objectContaining({
        productId: shop.accessory.id,
        kind: 'accessory',
        quantity: 3,
        unitPriceMinor: 5_000,
      }),
    ]);
    const ordered = [...shop.watches.map((watch) => watch.id), older.id].sort();
    expect(order.devices.map((device: { deviceId: string }) => device.deviceId).sort()).toEqual(ordered);

    const codes = createActivationCodeProtection(t.config.cprEncryptionKey);
    for (const device of order.devices) {
      const watch = await readWatch(t.database.db, device.deviceId);
      expect(watch).toMatchObject({
        physicalLocation: 7,
        organizationId: shop.organization.id,
        imei: device.imei,
      });
      expect(device.activationCode).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
      // The code in the answer is the one the watch accepts.
      expect(watch.activationCodeHash).toBe(codes.hash(watch.imei, device.activationCode));
      const history = await t.database.db
        .select()
        .from(deviceHistory)
        .where(and(eq(deviceHistory.deviceId, watch.id), eq(deviceHistory.toLocation, 7)));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ fromLocation: 1, kind: 'location' });
    }
    const [accessory] = await t.database.db.select().from(products).where(eq(products.id, shop.accessory.id));
    expect(accessory!.stockCount).toBe(7);
    expect(await availableOf(shop.family.id)).toBe(0);

    // The detail reads the same; the list has it for the customer, and search finds it by IMEI.
    const detail = await send(staff, 'GET', `/api/orders/${order.id}`);
    expect(detail.json()).toEqual(order);
    const list = await send(viewer, 'GET', `/api/orders?customerId=${shop.customer.id}`);
    expect(list.json()).toMatchObject({ totalCount: 1, items: [{ id: order.id, watchCount: 4 }] });
    expect(list.json().items[0].devices).toBeUndefined();
    const found = await send(viewer, 'GET', `/api/orders?filter=${order.devices[0].imei}`);
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([order.id]);
  });

  it('never lets two orders placed at once take the same watch', async () => {
    const shop = await givenShop(6);
    const place = () =>
      send(staff, 'POST', '/api/orders', {
        customerId: shop.customer.id,
        productId: shop.family.id,
        quantity: 3,
      });
    const [first, second] = await Promise.all([place(), place()]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([201, 201]);
    const imeis = [...first.json().devices, ...second.json().devices].map(
      (device: { imei: string }) => device.imei,
    );
    expect(new Set(imeis).size).toBe(6);
    expect(imeis.sort()).toEqual(shop.watches.map((watch) => watch.imei).sort());
    // One more finds nothing left.
    const third = await place();
    expect(third.statusCode).toBe(409);
  });

  it('refuses an order the stock cannot fill with 409 and its reason, and changes nothing', async () => {
    const shop = await givenShop(2, 1);
    const short = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 3,
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().error).toMatchObject({ code: 'conflict', message: 'orders:refused.notEnoughStock' });
    // Enough watches but too few accessories: the reserved watches stay in stock.
    const accessoriesShort = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 2,
      accessories: [{ productId: shop.accessory.id, quantity: 2 }],
    });
    expect(accessoriesShort.statusCode).toBe(409);
    expect(accessoriesShort.json().error.message).toBe('orders:refused.notEnoughAccessories');
    for (const watch of shop.watches) {
      expect(await readWatch(t.database.db, watch.id)).toMatchObject({
        physicalLocation: 1,
        organizationId: stockOrganizationId,
      });
    }
    expect(await availableOf(shop.family.id)).toBe(2);
    const orders = await send(staff, 'GET', `/api/orders?customerId=${shop.customer.id}`);
    expect(orders.json().totalCount).toBe(0);
  });

  it('checks the products, the organization and the quantities field by field', async () => {
    const shop = await givenShop(1);
    const other = await given(t.database.db).customer(tenantId);
    const otherOrganization = await givenCustomerOrganization(t.database.db, tenantId, other.id);
    const ended = await givenAccessory(t.database.db, tenantId, { count: 5, endOfLifeDate: '2021-01-01' });
    const response = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.accessory.id,
      quantity: 1,
      organizationId: otherOrganization.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.validationErrors).toEqual([
      { field: 'organizationId', message: 'orders:refused.organizationNotOfCustomer' },
    ]);
    const products = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.accessory.id,
      quantity: 1,
      accessories: [
        { productId: shop.family.id, quantity: 1 },
        { productId: ended.id, quantity: 1 },
      ],
    });
    expect(products.json().error.validationErrors).toEqual([
      { field: 'productId', message: 'orders:refused.notADeviceFamily' },
      { field: 'accessories.0.productId', message: 'orders:refused.notAnAccessory' },
      { field: 'accessories.1.productId', message: 'orders:refused.accessoryEndOfLife' },
    ]);
    const noWatches = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 0,
    });
    expect(noWatches.json().error.validationErrors).toEqual([
      { field: 'quantity', message: 'validation.numberMin', params: { count: 1 } },
    ]);
    const negative = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      accessories: [{ productId: shop.accessory.id, quantity: -1 }],
    });
    expect(negative.json().error.validationErrors).toEqual([
      { field: 'accessories.0.quantity', message: 'validation.numberMin', params: { count: 1 } },
    ]);
    const nothing = await send(staff, 'POST', '/api/orders', { customerId: shop.customer.id });
    expect(nothing.json().error.validationErrors).toEqual([
      { field: 'productId', message: 'orders:refused.nothingOrdered' },
    ]);
    const huge = await send(staff, 'POST', '/api/orders', {
      customerId: shop.customer.id,
      productId: shop.family.id,
      quantity: 1,
      note: 'x'.repeat(100_000),
    });
    expect(huge.statusCode).toBe(400);
  });

  it('lets readers list orders but not place them or read activation codes', async () => {
    const shop = await givenShop(1);
    const body = { customerId: shop.customer.id, productId: shop.family.id, quantity: 1 };
    expect((await send(viewer, 'POST', '/api/orders', body)).statusCode).toBe(403);
    const placed = await send(staff, 'POST', '/api/orders', body);
    expect((await send(viewer, 'GET', `/api/orders/${placed.json().id}`)).statusCode).toBe(403);
    expect((await send(viewer, 'GET', '/api/orders/available-for-order')).statusCode).toBe(200);
  });
});
