import { customerEndpoints, type SaveCustomerRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/* Customer writes; their hooks come from `useCrudMutation`, which invalidates CUSTOMERS_QUERY_KEY. */

/** POST /api/customers. */
export function createCustomer(body: SaveCustomerRequest): Promise<unknown> {
  return callEndpoint(customerEndpoints.create, { body });
}

/** PUT /api/customers/:id. */
export function updateCustomer(id: string, body: SaveCustomerRequest): Promise<unknown> {
  return callEndpoint(customerEndpoints.update, { params: { id }, body });
}

/** DELETE /api/customers/:id: with its contacts and prices. */
export function deleteCustomer(id: string): Promise<unknown> {
  return callEndpoint(customerEndpoints.delete, { params: { id } });
}
