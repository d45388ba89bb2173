import { z } from 'zod';
import { zListResult, zPagedRequest, zPagedResult } from './users';

/** Contracts of the roles feature (/api/identity/roles) and of permission grants. */

export const ROLE_SORT_FIELDS = ['name', 'createdAt'] as const;

export const zRole = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  isPublic: z.boolean(),
  /** Static roles cannot be renamed or deleted. */
  isStatic: z.boolean(),
  /** Users holding the role directly. */
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof zRole>;

export const zRoleListRequest = zPagedRequest;
export const zRoleListResponse = zPagedResult(zRole);
/** GET /api/identity/roles/all: every role of the tenant, for pickers. */
export const zAllRolesResponse = zListResult(zRole);

/** POST /api/identity/roles and PUT /api/identity/roles/:id. */
export const zCreateRoleRequest = z.object({
  name: z.string().trim().min(1).max(128),
  isDefault: z.boolean().optional().default(false),
  isPublic: z.boolean().optional().default(true),
});
export type CreateRoleRequest = z.input<typeof zCreateRoleRequest>;
export const zUpdateRoleRequest = zCreateRoleRequest;
export type UpdateRoleRequest = z.input<typeof zUpdateRoleRequest>;

/** One claim of a role; the claim type must exist and the value match its regex. */
export const zRoleClaim = z.object({
  claimType: z.string().trim().min(1).max(256),
  claimValue: z.string().trim().min(1).max(1024),
});
export type RoleClaim = z.infer<typeof zRoleClaim>;
/** GET /api/identity/roles/:id/claims answers this list; PUT replaces the role's claims with it. */
export const zRoleClaimsResponse = z.array(zRoleClaim);
export const zUpdateRoleClaimsRequest = z.array(zRoleClaim).max(200);
export type UpdateRoleClaimsRequest = z.input<typeof zUpdateRoleClaimsRequest>;

/* ---------------- Permission grants (/api/permission-management/permissions) ---------------- */

/** `R`: a role (key = role id); `U`: a user (key = user id). */
export const PERMISSION_PROVIDER_NAMES = ['R', 'U'] as const;
export type PermissionProviderName = (typeof PERMISSION_PROVIDER_NAMES)[number];

export const zPermissionGrantsQuery = z.object({
  providerName: z.enum(PERMISSION_PROVIDER_NAMES),
  providerKey: z.uuid(),
});
export type PermissionGrantsQuery = z.input<typeof zPermissionGrantsQuery>;

/** Who grants a permission: the user itself (`U`) or one of their roles (`R`, with the role's name). */
export const zGrantedProvider = z.object({
  providerName: z.enum(PERMISSION_PROVIDER_NAMES),
  providerKey: z.string(),
  displayName: z.string(),
});

export const zPermissionGrant = z.object({
  name: z.string(),
  /** Translation key in the `permissions` namespace. */
  displayKey: z.string(),
  parentName: z.string().nullable(),
  /** Granted by any provider; for a user that includes their roles. */
  isGranted: z.boolean(),
  grantedProviders: z.array(zGrantedProvider),
});
export type PermissionGrant = z.infer<typeof zPermissionGrant>;

/** One top-level node of the catalogue with all its permissions (the node itself first). */
export const zPermissionGroup = z.object({
  name: z.string(),
  displayKey: z.string(),
  permissions: z.array(zPermissionGrant),
});
export type PermissionGroup = z.infer<typeof zPermissionGroup>;

export const zPermissionGrantsResponse = z.object({
  /** The role's name or the user's user name. */
  entityDisplayName: z.string(),
  groups: z.array(zPermissionGroup),
});
export type PermissionGrantsResponse = z.infer<typeof zPermissionGrantsResponse>;

/**
 * PUT: sets the provider's own grants for the listed permissions (others unchanged). Revoking a
 * user's grant leaves grants the user has through roles.
 */
export const zUpdatePermissionGrantsRequest = z.object({
  permissions: z.array(z.object({ name: z.string().min(1).max(256), isGranted: z.boolean() })).max(1000),
});
export type UpdatePermissionGrantsRequest = z.input<typeof zUpdatePermissionGrantsRequest>;
