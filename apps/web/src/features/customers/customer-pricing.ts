import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDiscountRequest, CustomerPricing, SetCustomerPricesRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CUSTOMERS_PATH, CUSTOMERS_QUERY_KEY } from './get-customers';

/** GET /api/customers/:id/prices: the catalogue with list, customer and net prices. */
export function getCustomerPricing(id: string): Promise<CustomerPricing> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}/prices`);
}

export const customerPricingQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'prices', id], queryFn: () => getCustomerPricing(id) });

export function useCustomerPricing(id: string) {
  return useQuery(customerPricingQueryOptions(id));
}

/** PUT /api/customers/:id/discount. */
export function setCustomerDiscount(id: string, body: CustomerDiscountRequest): Promise<CustomerPricing> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}/discount`, { method: 'PUT', body: JSON.stringify(body) });
}

/** PUT /api/customers/:id/prices: `null` returns a product to its list price. */
export function setCustomerPrices(id: string, body: SetCustomerPricesRequest): Promise<CustomerPricing> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}/prices`, { method: 'PUT', body: JSON.stringify(body) });
}

/** POST /api/customers/:id/prices/reset: every product back to its list price. */
export function resetCustomerPrices(id: string): Promise<CustomerPricing> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}/prices/reset`, { method: 'POST' });
}
