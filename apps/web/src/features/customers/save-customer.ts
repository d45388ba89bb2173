import type { SaveCustomerRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CUSTOMERS_PATH } from './get-customers';

/* Customer writes; their hooks come from `useCrudMutation`, which invalidates CUSTOMERS_QUERY_KEY. */

/** POST /api/customers. */
export function createCustomer(body: SaveCustomerRequest): Promise<unknown> {
  return apiFetch(CUSTOMERS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/customers/:id. */
export function updateCustomer(id: string, body: SaveCustomerRequest): Promise<unknown> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/customers/:id: with its contacts and prices. */
export function deleteCustomer(id: string): Promise<unknown> {
  return apiFetch(`${CUSTOMERS_PATH}/${id}`, { method: 'DELETE' });
}
