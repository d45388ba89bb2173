import type {
  AddOrganizationUnitMembersRequest,
  OrganizationUnitMember,
  PagedRequest,
  PagedResult,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';
import { ORGANIZATION_UNITS_PATH } from './get-organization-units';

/** GET /:id/members: one page of the unit's members. */
export function getOrganizationUnitMembers(
  unitId: string,
  request: PagedRequest,
): Promise<PagedResult<OrganizationUnitMember>> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/members${toQueryString(request)}`);
}

/** POST /:id/members; users already members stay as they are. */
export function addOrganizationUnitMembers(
  unitId: string,
  body: AddOrganizationUnitMembersRequest,
): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/members`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** DELETE /:id/members/:userId. */
export function removeOrganizationUnitMember(unitId: string, userId: string): Promise<unknown> {
  return apiFetch(`${ORGANIZATION_UNITS_PATH}/${unitId}/members/${userId}`, { method: 'DELETE' });
}
