import type {
  CreateOrganizationUnitRequest,
  MoveOrganizationUnitRequest,
  UpdateOrganizationUnitRequest,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { ORGANIZATION_UNITS_PATH } from './get-organization-units';

/* Unit writes; the page runs them through `useCrudMutation` (invalidation and toasts). */

/** POST /api/identity/organization-units. */
export function createOrganizationUnit(body: CreateOrganizationUnitRequest): Promise<unknown> {
  return apiFetch(ORGANIZATION_UNITS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/identity/organization-units/:id (rename). */
export function updateOrganizationUnit(id: string, body: UpdateOrganizationUnitRequest): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** PUT /api/identity/organization-units/:id/move. */
export function moveOrganizationUnit(id: string, body: MoveOrganizationUnitRequest): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${id}/move`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/identity/organization-units/:id; refused while the unit has children. */
export function deleteOrganizationUnit(id: string): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${id}`, { method: 'DELETE' });
}
