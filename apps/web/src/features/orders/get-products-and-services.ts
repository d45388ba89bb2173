import type { ProductsAndServices } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../app/api/api-fetch';
import { ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/customers/:id/products-and-services: the customer's watches, accessories and services. */
export function getProductsAndServices(customerId: string): Promise<ProductsAndServices> {
  return apiFetch(`/api/customers/${customerId}/products-and-services`);
}

export const productsAndServicesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'products-and-services', customerId],
    queryFn: () => getProductsAndServices(customerId),
  });

export function useProductsAndServices(customerId: string) {
  return useQuery(productsAndServicesQueryOptions(customerId));
}
