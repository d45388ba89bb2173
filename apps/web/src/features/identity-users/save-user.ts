import type { CreateUserRequest, UpdateUserRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { USERS_PATH } from './get-users';

/*
 * User writes through the CRUD scaffolding, whose `useCrudMutation` invalidates USERS_QUERY_KEY and
 * toasts the outcome.
 */

/** POST /api/identity/users. */
export function createUser(body: CreateUserRequest): Promise<unknown> {
  return apiFetch(USERS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/identity/users/:id. */
export function updateUser(id: string, body: UpdateUserRequest): Promise<unknown> {
  return apiFetch(`${USERS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/identity/users/:id. */
export function deleteUser(id: string): Promise<unknown> {
  return apiFetch(`${USERS_PATH}/${id}`, { method: 'DELETE' });
}
