import { roleEndpoints, type CreateRoleRequest, type UpdateRoleRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Role writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * ROLES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/identity/roles. */
export function createRole(body: CreateRoleRequest): Promise<unknown> {
  return callEndpoint(roleEndpoints.create, { body });
}

/** PUT /api/identity/roles/:id. */
export function updateRole(id: string, body: UpdateRoleRequest): Promise<unknown> {
  return callEndpoint(roleEndpoints.update, { params: { id }, body });
}

/** DELETE /api/identity/roles/:id. */
export function deleteRole(id: string): Promise<unknown> {
  return callEndpoint(roleEndpoints.delete, { params: { id } });
}
