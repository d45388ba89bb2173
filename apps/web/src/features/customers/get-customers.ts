import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer, CustomerListResponse, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every customer query (lists, one customer, prices); customer mutations invalidate it. */
export const CUSTOMERS_QUERY_KEY = ['customers'] as const;
export const CUSTOMERS_PATH = '/api/customers';

/** GET /api/customers: one page, sorted and searched on the server. */
export function getCustomers(request: PagedRequest): Promise<CustomerListResponse> {
  return apiFetch(`${CUSTOMERS_PATH}${toQueryString(request)}`);
}

/** GET /api/customers/:id. */
export function getCustomer(id: string): Promise<Customer> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}`);
}

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CUSTOMERS_QUERY_KEY, 'one', id], queryFn: () => getCustomer(id) });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
