import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerOrder, ProductsAndServices } from '@homeward/contracts';
import { renderWithApp, stubApi, type RecordedCall } from '../../components/crud/crud-test-harness';
import { CustomerOrdersTab } from './customer-orders-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER_ID = '0190a0a0-0000-7000-8000-000000000001';

const ORDER: CustomerOrder = {
  id: '0190a0a0-0000-7000-8000-000000000005',
  customerId: CUSTOMER_ID,
  customerName: 'Aarhus Kommune',
  organizationId: null,
  organizationName: 'Care home North',
  watchCount: 1,
  accessoryCount: 2,
  note: 'Front desk',
  createdByName: 'anna',
  createdAt: '2025-01-02T10:00:00.000Z',
  lines: [
    {
      productId: null,
      productName: 'Watch 4G',
      kind: 'deviceFamily',
      quantity: 1,
      unitPriceMinor: 149_900,
      currency: 'DKK',
    },
  ],
  devices: [{ deviceId: null, imei: '490154203237518', name: 'Stock 7518', activationCode: 'ABCDE-FGH23' }],
};

const HOLDINGS: ProductsAndServices = {
  customerId: CUSTOMER_ID,
  watches: [{ productId: null, productName: 'Watch 4G', count: 12 }],
  accessories: [],
  services: [
    {
      productId: '0190a0a0-0000-7000-8000-000000000009',
      productName: 'Installation',
      kind: 'service',
      currency: 'DKK',
      netPriceMinor: 36_000,
    },
  ],
};

const api =
  (orders: CustomerOrder[]) =>
  (call: RecordedCall): Response | undefined => {
    if (call.path.startsWith('/api/orders?customerId=')) {
      const { lines: _lines, devices: _devices, ...summary } = ORDER;
      return Response.json({ items: orders.map(() => summary), totalCount: orders.length });
    }
    if (call.path === `/api/orders/${ORDER.id}`) return Response.json(ORDER);
    if (call.path.endsWith('/products-and-services')) return Response.json(HOLDINGS);
    return undefined;
  };

const renderTab = (permissions: string[]) =>
  renderWithApp(
    <CustomerOrdersTab customerId={CUSTOMER_ID} customerName="Aarhus Kommune" organizations={[]} />,
    {
      permissions,
    },
  );

describe('CustomerOrdersTab', { timeout: 30_000 }, () => {
  it('shows what the customer has and its orders, and opens an order with its activation codes', async () => {
    stubApi(api([ORDER]));
    await renderTab(['Homeward.Customers', 'Homeward.Customers.Edit']);
    const watches = await screen.findByRole('list', { name: 'Watches' });
    expect(within(watches).getByText('Watch 4G')).toBeTruthy();
    expect(within(watches).getByText('Watches: 12')).toBeTruthy();
    expect(screen.getByText('Installation (Service)')).toBeTruthy();
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(within(orders).getByText('Care home North')).toBeTruthy();
    fireEvent.click(within(orders).getByRole('button', { name: /^Open the order of/ }));
    const codes = await screen.findByRole('table', { name: 'Ordered watches and their activation codes' });
    expect(within(codes).getByText('ABCDE-FGH23')).toBeTruthy();
    expect(screen.getByText('1 × Watch 4G')).toBeTruthy();
  });

  it('says when there are no orders, and offers no new order or codes to a reader', async () => {
    stubApi(api([]));
    await renderTab(['Homeward.Customers']);
    expect(await screen.findByText('No orders yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New order' })).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Products and services' })).toBeTruthy();
  });
});
