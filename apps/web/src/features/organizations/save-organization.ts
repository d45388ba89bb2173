import type {
  CreateOrganizationRequest,
  MoveOrganizationRequest,
  Organization,
  UpdateOrganizationRequest,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { ORGANIZATIONS_PATH } from './get-organizations';

/* Organization writes; the page runs them through mutations that invalidate ORGANIZATIONS_QUERY_KEY. */

/** POST /api/organizations. */
export function createOrganization(body: CreateOrganizationRequest): Promise<Organization> {
  return apiFetch(ORGANIZATIONS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/organizations/:id: name, customer and geofence. */
export function updateOrganization(id: string, body: UpdateOrganizationRequest): Promise<Organization> {
  return apiFetch(`${ORGANIZATIONS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** POST /api/organizations/:id/move; refused (400) into its own subtree. */
export function moveOrganization(id: string, body: MoveOrganizationRequest): Promise<Organization> {
  return apiFetch(`${ORGANIZATIONS_PATH}/${id}/move`, { method: 'POST', body: JSON.stringify(body) });
}

/** DELETE /api/organizations/:id; refused (409) while it has sub-organizations or devices. */
export function deleteOrganization(id: string): Promise<unknown> {
  return apiFetch(`${ORGANIZATIONS_PATH}/${id}`, { method: 'DELETE' });
}
