import {
  organizationUnitEndpoints,
  type AddOrganizationUnitMembersRequest,
  type OrganizationUnitMember,
  type PagedRequest,
  type PagedResult,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** GET /:id/members: one page of the unit's members. */
export function getOrganizationUnitMembers(
  unitId: string,
  request: PagedRequest,
): Promise<PagedResult<OrganizationUnitMember>> {
  return callEndpoint(organizationUnitEndpoints.members, { params: { id: unitId }, query: request });
}

/** POST /:id/members; users already members stay as they are. */
export function addOrganizationUnitMembers(
  unitId: string,
  body: AddOrganizationUnitMembersRequest,
): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.addMembers, { params: { id: unitId }, body });
}

/** DELETE /:id/members/:userId. */
export function removeOrganizationUnitMember(unitId: string, userId: string): Promise<unknown> {
  return callEndpoint(organizationUnitEndpoints.removeMember, { params: { id: unitId, userId } });
}
