import {
  organizationEndpoints,
  type CreateOrganizationRequest,
  type MoveOrganizationRequest,
  type Organization,
  type UpdateOrganizationRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/* Organization writes; the page runs them through mutations that invalidate ORGANIZATIONS_QUERY_KEY. */

/** POST /api/organizations. */
export function createOrganization(body: CreateOrganizationRequest): Promise<Organization> {
  return callEndpoint(organizationEndpoints.create, { body });
}

/** PUT /api/organizations/:id: name, customer and geofence. */
export function updateOrganization(id: string, body: UpdateOrganizationRequest): Promise<Organization> {
  return callEndpoint(organizationEndpoints.update, { params: { id }, body });
}

/** POST /api/organizations/:id/move; refused (400) into its own subtree. */
export function moveOrganization(id: string, body: MoveOrganizationRequest): Promise<Organization> {
  return callEndpoint(organizationEndpoints.move, { params: { id }, body });
}

/** DELETE /api/organizations/:id; refused (409) while it has sub-organizations or devices. */
export function deleteOrganization(id: string): Promise<unknown> {
  return callEndpoint(organizationEndpoints.delete, { params: { id } });
}
