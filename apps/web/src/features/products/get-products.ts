import type { PagedRequest, ProductListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every product query; product mutations invalidate it (customer prices read them too). */
export const PRODUCTS_QUERY_KEY = ['products'] as const;
export const PRODUCTS_PATH = '/api/products';

/** GET /api/products: one page of the tenant's catalogue. */
export function getProducts(request: PagedRequest): Promise<ProductListResponse> {
  return apiFetch(`${PRODUCTS_PATH}${toQueryString(request)}`);
}
