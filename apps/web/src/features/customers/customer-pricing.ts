import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  customerEndpoints,
  type CustomerDiscountRequest,
  type CustomerPricing,
  type SetCustomerPricesRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { CUSTOMERS_QUERY_KEY } from './get-customers';

/** GET /api/customers/:id/prices: the catalogue with list, customer and net prices. */
export function getCustomerPricing(id: string): Promise<CustomerPricing> {
  return callEndpoint(customerEndpoints.pricing, { params: { id } });
}

export const customerPricingQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'prices', id], queryFn: () => getCustomerPricing(id) });

export function useCustomerPricing(id: string) {
  return useQuery(customerPricingQueryOptions(id));
}

/** PUT /api/customers/:id/discount. */
export function setCustomerDiscount(id: string, body: CustomerDiscountRequest): Promise<CustomerPricing> {
  return callEndpoint(customerEndpoints.setDiscount, { params: { id }, body });
}

/** PUT /api/customers/:id/prices: `null` returns a product to its list price. */
export function setCustomerPrices(id: string, body: SetCustomerPricesRequest): Promise<CustomerPricing> {
  return callEndpoint(customerEndpoints.setPrices, { params: { id }, body });
}

/** POST /api/customers/:id/prices/reset: every product back to its list price. */
export function resetCustomerPrices(id: string): Promise<CustomerPricing> {
  return callEndpoint(customerEndpoints.resetPrices, { params: { id } });
}
