import type { SaveProductRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { PRODUCTS_PATH } from './get-products';

/** POST /api/products. */
export function createProduct(body: SaveProductRequest): Promise<unknown> {
  return apiFetch(PRODUCTS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/products/:id. */
export function updateProduct(id: string, body: SaveProductRequest): Promise<unknown> {
  return apiFetch(`${PRODUCTS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/products/:id: customer prices of the product go with it. */
export function deleteProduct(id: string): Promise<unknown> {
  return apiFetch(`${PRODUCTS_PATH}/${id}`, { method: 'DELETE' });
}
