import {
  organizationUnitEndpoints,
  type AddOrganizationUnitRolesRequest,
  type OrganizationUnitRole,
  type PagedRequest,
  type PagedResult,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** GET /:id/roles: one page of the roles the unit gives its members. */
export function getOrganizationUnitRoles(
  unitId: string,
  request: PagedRequest,
): Promise<PagedResult<OrganizationUnitRole>> {
  return callEndpoint(organizationUnitEndpoints.roles, { params: { id: unitId }, query: request });
}

/** POST /:id/roles. */
export function addOrganizationUnitRoles(
  unitId: string,
  body: AddOrganizationUnitRolesRequest,
): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.addRoles, { params: { id: unitId }, body });
}

/** DELETE /:id/roles/:roleId. */
export function removeOrganizationUnitRole(unitId: string, roleId: string): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.removeRole, { params: { id: unitId, roleId } });
}
