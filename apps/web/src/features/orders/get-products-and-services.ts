import { customerEndpoints, type ProductsAndServices } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { ORDERS_QUERY_KEY } from './get-orders';

/** GET /api/customers/:id/products-and-services: the customer's watches, accessories and services. */
export function getProductsAndServices(customerId: string): Promise<ProductsAndServices> {
  return callEndpoint(customerEndpoints.productsAndServices, { params: { id: customerId } });
}

export const productsAndServicesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'products-and-services', customerId],
    queryFn: () => getProductsAndServices(customerId),
  });

export function useProductsAndServices(customerId: string) {
  return useQuery(productsAndServicesQueryOptions(customerId));
}
