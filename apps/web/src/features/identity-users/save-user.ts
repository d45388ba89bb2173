import { userEndpoints, type CreateUserRequest, type UpdateUserRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * User writes through the CRUD scaffolding, whose `useCrudMutation` invalidates USERS_QUERY_KEY and
 * toasts the outcome.
 */

/** POST /api/identity/users. */
export function createUser(body: CreateUserRequest): Promise<unknown> {
  return callEndpoint(userEndpoints.create, { body });
}

/** PUT /api/identity/users/:id. */
export function updateUser(id: string, body: UpdateUserRequest): Promise<unknown> {
  return callEndpoint(userEndpoints.update, { params: { id }, body });
}

/** DELETE /api/identity/users/:id. */
export function deleteUser(id: string): Promise<unknown> {
  return callEndpoint(userEndpoints.delete, { params: { id } });
}
