import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  customerEndpoints,
  type Customer,
  type CustomerListResponse,
  type PagedRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every customer query (lists, one customer, prices); customer mutations invalidate it. */
export const CUSTOMERS_QUERY_KEY = ['customers'] as const;

/** GET /api/customers: one page, sorted and searched on the server. */
export function getCustomers(request: PagedRequest): Promise<CustomerListResponse> {
  return callEndpoint(customerEndpoints.list, { query: request });
}

/** GET /api/customers/:id. */
export function getCustomer(id: string): Promise<Customer> {
  return callEndpoint(customerEndpoints.get, { params: { id } });
}

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'one', id], queryFn: () => getCustomer(id) });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
