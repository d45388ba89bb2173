import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';

/** Contracts of the organization-units feature (/api/identity/organization-units). */

export const zOrganizationUnit = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  /** Materialised path: `00001`, `00001.00002`; sorting by it lists the tree depth-first. */
  code: z.string(),
  displayName: z.string(),
  memberCount: z.number().int(),
  roleCount: z.number().int(),
  createdAt: z.string(),
});
export type OrganizationUnit = z.infer<typeof zOrganizationUnit>;

/** GET /api/identity/organization-units: every unit of the tenant, ordered by code. */
export const zOrganizationUnitTreeResponse = zListResult(zOrganizationUnit);

export const zCreateOrganizationUnitRequest = z.object({
  displayName: z.string().trim().min(1).max(128),
  parentId: z.uuid().nullable().optional(),
});
export type CreateOrganizationUnitRequest = z.input<typeof zCreateOrganizationUnitRequest>;

export const zUpdateOrganizationUnitRequest = z.object({
  displayName: z.string().trim().min(1).max(128),
});
export type UpdateOrganizationUnitRequest = z.input<typeof zUpdateOrganizationUnitRequest>;

/** PUT /:id/move; null moves the unit to the root. Not into itself or one of its descendants. */
export const zMoveOrganizationUnitRequest = z.object({
  newParentId: z.uuid().nullable(),
});
export type MoveOrganizationUnitRequest = z.input<typeof zMoveOrganizationUnitRequest>;

export const ORGANIZATION_UNIT_MEMBER_SORT_FIELDS = ['userName', 'name', 'email'] as const;

export const zOrganizationUnitMember = z.object({
  id: z.uuid(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string(),
});
export type OrganizationUnitMember = z.infer<typeof zOrganizationUnitMember>;
/** GET /:id/members (filter searches user name, name and e-mail). */
export const zOrganizationUnitMembersRequest = zPagedRequest;
export const zOrganizationUnitMembersResponse = zPagedResult(zOrganizationUnitMember);

/** POST /:id/members; users already members are left as they are. DELETE /:id/members/:userId removes one. */
export const zAddOrganizationUnitMembersRequest = z.object({
  userIds: z.array(z.uuid()).min(1).max(1000),
});
export type AddOrganizationUnitMembersRequest = z.input<typeof zAddOrganizationUnitMembersRequest>;

export const ORGANIZATION_UNIT_ROLE_SORT_FIELDS = ['name'] as const;

export const zOrganizationUnitRole = z.object({
  id: z.uuid(),
  name: z.string(),
});
export type OrganizationUnitRole = z.infer<typeof zOrganizationUnitRole>;
/** GET /:id/roles (filter searches the role name). */
export const zOrganizationUnitRolesRequest = zPagedRequest;
export const zOrganizationUnitRolesResponse = zPagedResult(zOrganizationUnitRole);

/** POST /:id/roles; DELETE /:id/roles/:roleId removes one. */
export const zAddOrganizationUnitRolesRequest = z.object({
  roleIds: z.array(z.uuid()).min(1).max(1000),
});
export type AddOrganizationUnitRolesRequest = z.input<typeof zAddOrganizationUnitRolesRequest>;

/** Path parameters of the member and role removal routes. */
export const zOrganizationUnitMemberParams = z.object({ id: z.uuid(), userId: z.uuid() });
export const zOrganizationUnitRoleParams = z.object({ id: z.uuid(), roleId: z.uuid() });
