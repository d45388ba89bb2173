import { orderEndpoints, type AvailableForOrderResponse } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/orders/available-for-order: watches for sale per device family, and orderable accessories. */
export function getAvailableForOrder(): Promise<AvailableForOrderResponse> {
  return callEndpoint(orderEndpoints.availableForOrder);
}

export const availableForOrderQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'available'],
    queryFn: getAvailableForOrder,
    // Stock changes with every order anyone places: read it afresh each time the dialog opens.
    staleTime: 0,
  });

export function useAvailableForOrder() {
  return useQuery(availableForOrderQueryOptions());
}
