import { productEndpoints, type PagedRequest, type ProductListResponse } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every product query; product mutations invalidate it (customer prices read them too). */
export const PRODUCTS_QUERY_KEY = ['products'] as const;

/** GET /api/products: one page of the tenant's catalogue. */
export function getProducts(request: PagedRequest): Promise<ProductListResponse> {
  return callEndpoint(productEndpoints.list, { query: request });
}
