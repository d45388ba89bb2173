import {
  organizationUnitEndpoints,
  type CreateOrganizationUnitRequest,
  type MoveOrganizationUnitRequest,
  type UpdateOrganizationUnitRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/* Unit writes; the page runs them through `useCrudMutation` (invalidation and toasts). */

/** POST /api/identity/organization-units. */
export function createOrganizationUnit(body: CreateOrganizationUnitRequest): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.create, { body });
}

/** PUT /api/identity/organization-units/:id (rename). */
export function updateOrganizationUnit(id: string, body: UpdateOrganizationUnitRequest): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.update, { params: { id }, body });
}

/** PUT /api/identity/organization-units/:id/move. */
export function moveOrganizationUnit(id: string, body: MoveOrganizationUnitRequest): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.move, { params: { id }, body });
}

/** DELETE /api/identity/organization-units/:id; refused while the unit has children. */
export function deleteOrganizationUnit(id: string): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.delete, { params: { id } });
}
