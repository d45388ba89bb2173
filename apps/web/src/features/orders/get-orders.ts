import { orderEndpoints, type CustomerOrder, type CustomerOrderListResponse } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every order query (lists, details, stock, products and services); placing one invalidates it. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** GET /api/orders?customerId=: the customer's orders, newest first (no activation codes). */
export function getCustomerOrders(customerId: string): Promise<CustomerOrderListResponse> {
  return callEndpoint(orderEndpoints.list, { query: { customerId, maxResultCount: 100 } });
}

export const customerOrdersQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'customer', customerId],
    queryFn: () => getCustomerOrders(customerId),
  });

export function useCustomerOrders(customerId: string) {
  return useQuery(customerOrdersQueryOptions(customerId));
}

/** GET /api/orders/:id: the order with each watch's IMEI and activation code. */
export function getOrder(id: string): Promise<CustomerOrder> {
  return callEndpoint(orderEndpoints.get, { params: { id } });
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'one', id],
    queryFn: () => getOrder(id),
    // Activation codes are on screen only while the order is open; never kept for later.
    gcTime: 0,
  });

export function useOrder(id: string) {
  return useQuery(orderQueryOptions(id));
}
