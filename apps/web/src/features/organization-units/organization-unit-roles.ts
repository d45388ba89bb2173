import type {
  AddOrganizationUnitRolesRequest,
  OrganizationUnitRole,
  PagedRequest,
  PagedResult,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';
import { ORGANIZATION_UNITS_PATH } from './get-organization-units';

/** GET /:id/roles: one page of the roles the unit gives its members. */
export function getOrganizationUnitRoles(
  unitId: string,
  request: PagedRequest,
): Promise<PagedResult<OrganizationUnitRole>> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/roles${toQueryString(request)}`);
}

/** POST /:id/roles. */
export function addOrganizationUnitRoles(
  unitId: string,
  body: AddOrganizationUnitRolesRequest,
): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/roles`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** DELETE /:id/roles/:roleId. */
export function removeOrganizationUnitRole(unitId: string, roleId: string): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/roles/${roleId}`, { method: 'DELETE' });
}
