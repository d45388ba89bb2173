import { productEndpoints, type SaveProductRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** POST /api/products. */
export function createProduct(body: SaveProductRequest): Promise<unknown> {
  return callEndpoint(productEndpoints.create, { body });
}

/** PUT /api/products/:id. */
export function updateProduct(id: string, body: SaveProductRequest): Promise<unknown> {
  return callEndpoint(productEndpoints.update, { params: { id }, body });
}

/** DELETE /api/products/:id: customer prices of the product go with it. */
export function deleteProduct(id: string): Promise<unknown> {
  return callEndpoint(productEndpoints.delete, { params: { id } });
}
