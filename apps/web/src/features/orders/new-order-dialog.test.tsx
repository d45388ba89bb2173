import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AvailableForOrderResponse, CustomerOrder } from '@homeward/contracts';
import {
  refuseWith,
  renderWithApp,
  stubApi,
  type RecordedCall,
} from '../../components/crud/crud-test-harness';
import { NewOrderDialog } from './new-order-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER_ID = '0190a0a0-0000-7000-8000-000000000001';
const FAMILY_ID = '0190a0a0-0000-7000-8000-000000000002';
const CHARGER_ID = '0190a0a0-0000-7000-8000-000000000003';
const ORGANIZATION = { id: '0190a0a0-0000-7000-8000-000000000004', displayName: 'Care home North' };

const STOCK: AvailableForOrderResponse = {
  items: [{ productId: FAMILY_ID, productName: 'Watch 4G', available: 2 }],
  accessories: [{ productId: CHARGER_ID, productName: 'Charger', count: 5, endOfLifeDate: null }],
};

const ORDER: CustomerOrder = {
  id: '0190a0a0-0000-7000-8000-000000000005',
  customerId: CUSTOMER_ID,
  customerName: 'Aarhus Kommune',
  organizationId: ORGANIZATION.id,
  organizationName: ORGANIZATION.displayName,
  watchCount: 2,
  accessoryCount: 1,
  note: '',
  createdByName: 'admin',
  createdAt: '2025-01-02T10:00:00.000Z',
  lines: [],
  devices: [
    {
      deviceId: '0190a0a0-0000-7000-8000-000000000006',
      imei: '490154203237518',
      name: 'Stock 7518',
      activationCode: 'ABCDE-FGH23',
    },
    {
      deviceId: '0190a0a0-0000-7000-8000-000000000007',
      imei: '356938035643809',
      name: 'Stock 3809',
      activationCode: 'KMNPQ-RST45',
    },
  ],
};

const stock = (call: RecordedCall) =>
  call.path === '/api/orders/available-for-order' ? Response.json(STOCK) : undefined;

async function renderDialog() {
  const onClose = vi.fn();
  await renderWithApp(
    <NewOrderDialog
      customerId={CUSTOMER_ID}
      customerName="Aarhus Kommune"
      organizations={[ORGANIZATION]}
      onClose={onClose}
    />,
    { permissions: ['Homeward.Customers', 'Homeward.Customers.Edit'] },
  );
  return onClose;
}

async function chooseWatchModel() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Watch model' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Watch 4G (2 available)' }));
}

const place = () => fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

describe('NewOrderDialog', { timeout: 30_000 }, () => {
  it('shows the stock, refuses more than is available before sending, then places the order and shows each watch’s activation code', async () => {
    const posts: unknown[] = [];
    stubApi(stock, (call) => {
      if (call.method !== 'POST') return undefined;
      posts.push(call.body);
      return Response.json(ORDER, { status: 201 });
    });
    await renderDialog();
    await chooseWatchModel();
    fireEvent.change(screen.getByLabelText('Number of watches'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Charger'), { target: { value: '6' } });
    place();
    expect(await screen.findAllByText('Only 2 available')).toHaveLength(1);
    expect(screen.getByText('Only 5 available')).toBeTruthy();
    expect(posts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Number of watches'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Charger'), { target: { value: '1' } });
    place();
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      customerId: CUSTOMER_ID,
      productId: FAMILY_ID,
      quantity: 2,
      organizationId: ORGANIZATION.id,
      accessories: [{ productId: CHARGER_ID, quantity: 1 }],
      note: '',
    });
    const table = await screen.findByRole('table', { name: 'Ordered watches and their activation codes' });
    expect(within(table).getByText('490154203237518')).toBeTruthy();
    expect(within(table).getByText('ABCDE-FGH23')).toBeTruthy();
    expect(within(table).getByText('KMNPQ-RST45')).toBeTruthy();
    expect(screen.getByText('Order placed: 2 watches reserved.')).toBeTruthy();
  });

  it('says why the server refused an order the stock cannot fill', async () => {
    stubApi(stock, (call) =>
      call.method === 'POST'
        ? Response.json(
            { error: { code: 'conflict', message: 'orders:refused.notEnoughStock' } },
            { status: 409 },
          )
        : undefined,
    );
    await renderDialog();
    await chooseWatchModel();
    place();
    const reason = 'Not enough watches of this model are in stock and ready for sale.';
    await waitFor(() => expect(screen.getAllByText(reason).length).toBeGreaterThanOrEqual(1));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeTruthy();
  });

  it('puts the server’s field error on the accessory it names, and asks for something to order', async () => {
    stubApi(
      stock,
      refuseWith('POST', { field: 'accessories.0.productId', message: 'orders:refused.accessoryEndOfLife' }),
    );
    await renderDialog();
    await screen.findByLabelText('Charger');
    place();
    expect(await screen.findByText('Order at least one watch or accessory.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Charger'), { target: { value: '2' } });
    place();
    const field = await screen.findByText(
      'This accessory is past its end of life and can no longer be ordered.',
    );
    expect(field.id).toBe(screen.getByLabelText('Charger').getAttribute('aria-describedby'));
  });
});
