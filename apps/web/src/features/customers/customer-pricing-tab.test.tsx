import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerPricing } from '@homeward/contracts';
import { renderWithApp, stubApi } from '../../components/crud/crud-test-harness';
import { CustomerPricingTab } from './customer-pricing-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CUSTOMER_ID = '0190a0a0-0000-7000-8000-000000000001';
const WATCH_ID = '0190a0a0-0000-7000-8000-000000000002';

const pricing = (customerPriceMinor: number | null): CustomerPricing => ({
  discountPercentage: 10,
  items: [
    {
      productId: WATCH_ID,
      productName: 'Homeward Watch 4G',
      kind: 'deviceFamily',
      currency: 'DKK',
      listPriceMinor: 149_900,
      customerPriceMinor,
      netPriceMinor: Math.round((customerPriceMinor ?? 149_900) * 0.9),
    },
  ],
});

describe('CustomerPricingTab', { timeout: 20_000 }, () => {
  it('shows list, customer and net prices, refuses a discount of 101 before calling the API, and saves a price', async () => {
    let current = pricing(null);
    const calls = stubApi((call) => {
      if (call.path === `/api/customers/${CUSTOMER_ID}/prices` && call.method === 'PUT') {
        current = pricing(129_900);
        return Response.json(current);
      }
      return call.path === `/api/customers/${CUSTOMER_ID}/prices` ? Response.json(current) : undefined;
    });
    await renderWithApp(<CustomerPricingTab customerId={CUSTOMER_ID} />, {
      permissions: ['Homeward.Customers', 'Homeward.Customers.ManagePrices'],
    });
    const row = await screen.findByTestId('price-row-Homeward Watch 4G');
    expect(within(row).getByTestId('net-price-Homeward Watch 4G').textContent).toContain('1,349.10');

    fireEvent.change(screen.getByTestId('crud-field-discountPercentage'), { target: { value: '101' } });
    fireEvent.click(screen.getByTestId('discount-save'));
    expect(await screen.findByText('Discount (%) must be at most 100')).toBeTruthy();
    expect(calls.some((call) => call.path.endsWith('/discount'))).toBe(false);

    fireEvent.change(screen.getByTestId('price-input-Homeward Watch 4G'), { target: { value: '1299,00' } });
    fireEvent.click(screen.getByTestId('price-save-Homeward Watch 4G'));
    expect(await screen.findByText('The price was saved.')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      prices: [{ productId: WATCH_ID, priceMinor: 129_900 }],
    });
  });

  it('hides the writing controls from a user without ManagePrices', async () => {
    stubApi(() => Response.json(pricing(null)));
    await renderWithApp(<CustomerPricingTab customerId={CUSTOMER_ID} />, {
      permissions: ['Homeward.Customers'],
    });
    await screen.findByTestId('price-row-Homeward Watch 4G');
    expect(screen.queryByTestId('discount-save')).toBeNull();
    expect(screen.queryByTestId('prices-reset')).toBeNull();
    expect(screen.queryByTestId('price-save-Homeward Watch 4G')).toBeNull();
  });
});
