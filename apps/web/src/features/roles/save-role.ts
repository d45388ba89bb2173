import type { CreateRoleRequest, UpdateRoleRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';

/*
 * Role writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * ROLES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/identity/roles. */
export function createRole(body: CreateRoleRequest): Promise<unknown> {
  return apiFetch('/api/identity/roles', { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/identity/roles/:id. */
export function updateRole(id: string, body: UpdateRoleRequest): Promise<unknown> {
  return apiFetch(`/api/identity/roles/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/identity/roles/:id. */
export function deleteRole(id: string): Promise<unknown> {
  return apiFetch(`/api/identity/roles/${id}`, { method: 'DELETE' });
}
