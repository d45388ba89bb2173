import type { CreateTenantRequest, UpdateTenantRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { TENANTS_PATH } from './get-tenants';

/*
 * Tenant writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * TENANTS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/tenants: the tenant with its first administrator. */
export function createTenant(body: CreateTenantRequest): Promise<unknown> {
  return apiFetch(TENANTS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/tenants/:id. */
export function updateTenant(id: string, body: UpdateTenantRequest): Promise<unknown> {
  return apiFetch(`${TENANTS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/tenants/:id: the tenant and everything it owns. */
export function deleteTenant(id: string): Promise<unknown> {
  return apiFetch(`${TENANTS_PATH}/${id}`, { method: 'DELETE' });
}
