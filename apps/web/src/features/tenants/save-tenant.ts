import { tenantEndpoints, type CreateTenantRequest, type UpdateTenantRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Tenant writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * TENANTS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/tenants: the tenant with its first administrator. */
export function createTenant(body: CreateTenantRequest): Promise<unknown> {
  return callEndpoint(tenantEndpoints.create, { body });
}

/** PUT /api/tenants/:id. */
export function updateTenant(id: string, body: UpdateTenantRequest): Promise<unknown> {
  return callEndpoint(tenantEndpoints.update, { params: { id }, body });
}

/** DELETE /api/tenants/:id: the tenant and everything it owns. */
export function deleteTenant(id: string): Promise<unknown> {
  return callEndpoint(tenantEndpoints.delete, { params: { id } });
}
