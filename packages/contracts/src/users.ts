import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { PASSWORD_MAX_LENGTH } from './constants';
import { DEFAULT_PASSWORD_POLICY, zPassword, zPhoneNumber, zUserName, type PasswordPolicy } from './identity';

/** Contracts of the users feature (identity management, /api/identity/users). */

/**
 * The query of every paged list: `sorting` is `'<field> asc|desc'` (each list names its fields),
 * `filter` is free-text search.
 */
export const zPagedRequest = z.object({
  skipCount: z.coerce.number().int().min(0).default(0),
  maxResultCount: z.coerce.number().int().min(1).max(1000).default(10),
  sorting: z.string().trim().max(64).optional(),
  filter: z.string().trim().max(256).optional(),
});
export type PagedRequest = z.input<typeof zPagedRequest>;

/** The answer of every paged list. */
export function zPagedResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), totalCount: z.number().int() });
}
export interface PagedResult<T> {
  items: T[];
  totalCount: number;
}

/** `{ items }` without paging, for short lists (pickers, a user's roles). */
export function zListResult<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

/** Path parameters of routes addressing one row. */
export const zIdParams = z.object({ id: z.uuid() });

/** Translation keys (namespace `identity`) of the identity-management rules the server enforces. */
export const IDENTITY_MESSAGE_KEYS = {
  userNameTaken: 'identity:userNameTaken',
  emailTaken: 'identity:emailTaken',
  unknownRole: 'identity:unknownRole',
  unknownOrganizationUnit: 'identity:unknownOrganizationUnit',
  cannotDeleteYourself: 'identity:cannotDeleteYourself',
  cannotLockYourself: 'identity:cannotLockYourself',
  lockoutEndInPast: 'identity:lockoutEndInPast',
  lockoutNotEnabled: 'identity:lockoutNotEnabled',
  roleNameTaken: 'identity:roleNameTaken',
  staticRoleCannotBeRenamed: 'identity:staticRoleCannotBeRenamed',
  staticRoleCannotBeDeleted: 'identity:staticRoleCannotBeDeleted',
  unknownClaimType: 'identity:unknownClaimType',
  claimValueMismatch: 'identity:claimValueMismatch',
  claimTypeNameTaken: 'identity:claimTypeNameTaken',
  invalidRegex: 'identity:invalidRegex',
  staticClaimTypeCannotBeRenamed: 'identity:staticClaimTypeCannotBeRenamed',
  staticClaimTypeCannotBeDeleted: 'identity:staticClaimTypeCannotBeDeleted',
  organizationUnitHasChildren: 'identity:organizationUnitHasChildren',
  /** `{count}`: the unit's devices. */
  organizationUnitHasDevices: 'identity:organizationUnitHasDevices',
  organizationUnitNameTaken: 'identity:organizationUnitNameTaken',
  organizationUnitMoveIntoItself: 'identity:organizationUnitMoveIntoItself',
  unknownPermission: 'identity:unknownPermission',
  unknownUser: 'identity:unknownUser',
} as const;

/** Sort fields of the user list. */
export const USER_SORT_FIELDS = ['userName', 'name', 'email', 'createdAt', 'isActive'] as const;

/** A user as identity management shows it (never the password hash or TOTP secret). */
export const zIdentityUser = z.object({
  id: z.uuid(),
  tenantId: z.uuid().nullable(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  phoneNumber: z.string().nullable(),
  isActive: z.boolean(),
  lockoutEnabled: z.boolean(),
  /** ISO time; set while locked (or after a lock expired). */
  lockoutEnd: z.string().nullable(),
  /** Locked right now: `lockoutEnd` is in the future. */
  isLockedOut: z.boolean(),
  accessFailedCount: z.number().int(),
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
});
export type IdentityUser = z.infer<typeof zIdentityUser>;

export const zUserListRequest = zPagedRequest;
export const zUserListResponse = zPagedResult(zIdentityUser);
export type UserListResponse = z.infer<typeof zUserListResponse>;

/** The fields shared by create and update. */
export const zUserFields = z.object({
  userName: zUserName,
  name: z.string().trim().max(128).optional().default(''),
  email: z.email().max(256),
  phoneNumber: zPhoneNumber.optional().default(''),
  isActive: z.boolean().optional().default(true),
  lockoutEnabled: z.boolean().optional().default(true),
  twoFactorEnabled: z.boolean().optional().default(false),
  /** Names of roles of the caller's tenant; the user gets exactly these. */
  roleNames: z.array(z.string().trim().min(1).max(128)).max(100).optional().default([]),
  /** Organization units of the caller's tenant; the user is a member of exactly these. */
  organizationUnitIds: z.array(z.uuid()).max(1000).optional().default([]),
});

/**
 * POST /api/identity/users. The transport schema only bounds the password; the server checks it
 * against the tenant's password policy (field `password`), as `zCreateUserForm(policy)` does.
 */
export const zCreateUserRequest = zUserFields.extend({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type CreateUserRequest = z.input<typeof zCreateUserRequest>;

/** The create form with the full password rule of a policy. */
export function zCreateUserForm(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return zUserFields.extend({ password: zPassword(policy) });
}

/** PUT /api/identity/users/:id (everything but the password). */
export const zUpdateUserRequest = zUserFields;
export type UpdateUserRequest = z.input<typeof zUpdateUserRequest>;

/** PUT /api/identity/users/:id/password; checked against the password policy like create. */
export const zSetUserPasswordRequest = z.object({
  newPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SetUserPasswordRequest = z.input<typeof zSetUserPasswordRequest>;
export function zSetUserPasswordForm(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY) {
  return z.object({ newPassword: zPassword(policy) });
}

/** PUT /api/identity/users/:id/lock: until `lockoutEnd` (ISO, future), or until unlocked when absent/null. */
export const zLockUserRequest = z.object({
  lockoutEnd: zDateTimeInput.nullable().optional(),
});
export type LockUserRequest = z.input<typeof zLockUserRequest>;

/** A role as listed for a user (GET /:id/roles, GET /assignable-roles). */
export const zUserRole = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  isPublic: z.boolean(),
  isStatic: z.boolean(),
});
export type UserRole = z.infer<typeof zUserRole>;
export const zUserRolesResponse = zListResult(zUserRole);
export const zAssignableRolesResponse = zListResult(zUserRole);

/** An organization unit a user belongs to (GET /:id/organization-units). */
export const zUserOrganizationUnit = z.object({
  id: z.uuid(),
  parentId: z.uuid().nullable(),
  code: z.string(),
  displayName: z.string(),
});
export type UserOrganizationUnit = z.infer<typeof zUserOrganizationUnit>;
export const zUserOrganizationUnitsResponse = zListResult(zUserOrganizationUnit);
