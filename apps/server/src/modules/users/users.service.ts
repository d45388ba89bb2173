import {
  fieldErrorsOf,
  IDENTITY_MESSAGE_KEYS,
  zPassword,
  type IdentityUser,
  type ValidationError,
  type zCreateUserRequest,
  type zLockUserRequest,
  type zUpdateUserRequest,
  type zUserListRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { hashPassword } from '../../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { writeSecurityLog } from '../security-logs';
import { getIdentitySettings } from '../settings';
import * as repository from './users.repository';
import type { UserRow } from './users.schema';
import { type RequestContext } from '../../platform/http/request-context';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';

/** Users of identity management: the rules on top of the users repository. */

/** "Until further notice": a lock without an end lasts until someone unlocks the user. */
export const LOCKED_UNTIL_FURTHER_NOTICE = new Date('9999-12-31T23:59:59.000Z');

export function toIdentityUser(row: UserRow, now: Date): IdentityUser {
  return {
    id: row.id,
    tenantId: row.tenantId,
    userName: row.userName,
    name: row.name,
    email: row.email,
    emailConfirmed: row.emailConfirmed,
    phoneNumber: row.phoneNumber,
    isActive: row.isActive,
    lockoutEnabled: row.lockoutEnabled,
    lockoutEnd: isoTime(row.lockoutEnd),
    isLockedOut: row.lockoutEnabled && row.lockoutEnd !== null && row.lockoutEnd > now,
    accessFailedCount: row.accessFailedCount,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listUsers(ctx: RequestContext, query: z.output<typeof zUserListRequest>) {
  const orderBy = orderByOf(query.sorting, repository.USER_SORT_COLUMNS, repository.USER_DEFAULT_ORDER);
  const { rows, totalCount } = await repository.findUsers(ctx.db, ctx.tenantId, query, orderBy);
  const now = ctx.now();
  return { items: rows.map((row) => toIdentityUser(row, now)), totalCount };
}

/** The user of the caller's tenant, or 404 (also for another tenant's user: existence must not leak). */
export async function requireUser(db: RequestContext['db'], tenantId: string | null, id: string) {
  const row = await repository.findUser(db, tenantId, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getUser(ctx: RequestContext, id: string): Promise<IdentityUser> {
  return toIdentityUser(await requireUser(ctx.db, ctx.tenantId, id), ctx.now());
}

async function checkPassword(ctx: RequestContext, field: string, password: string): Promise<void> {
  const { passwordPolicy } = await getIdentitySettings(ctx.db, ctx.tenantId);
  const result = zPassword(passwordPolicy).safeParse(password);
  if (!result.success) {
    const errors = fieldErrorsOf(result.error).map((error) => ({ ...error, field }));
    throw new DomainError('validation_failed', undefined, undefined, errors);
  }
}

export type UserFields = z.output<typeof zUpdateUserRequest>;

const UNIQUE_USER_ERRORS = {
  users_normalized_user_name_unique: { field: 'userName', message: IDENTITY_MESSAGE_KEYS.userNameTaken },
  users_normalized_email_unique: { field: 'email', message: IDENTITY_MESSAGE_KEYS.emailTaken },
};

/**
 * Checks what only the database can tell (unique names, existing roles and units) and returns the
 * role ids and unit ids to link; all problems are reported together.
 */
async function resolveUserFields(
  ctx: RequestContext,
  db: RequestContext['db'],
  input: UserFields,
  userId?: string,
) {
  const errors: ValidationError[] = [];
  const clashes = await repository.findIdentifierClashes(
    db,
    { userName: normalizeIdentifier(input.userName), email: normalizeIdentifier(input.email) },
    userId,
  );
  if (clashes.userName) errors.push({ field: 'userName', message: IDENTITY_MESSAGE_KEYS.userNameTaken });
  if (clashes.email) errors.push({ field: 'email', message: IDENTITY_MESSAGE_KEYS.emailTaken });

  const wantedRoles = [...new Set(input.roleNames.map(normalizeIdentifier))];
  const roles = await repository.findRolesByNormalizedNames(db, ctx.tenantId, wantedRoles);
  const missingRoles = input.roleNames.filter(
    (name) => !roles.some((role) => role.normalizedName === normalizeIdentifier(name)),
  );
  if (missingRoles.length) {
    errors.push({
      field: 'roleNames',
      message: IDENTITY_MESSAGE_KEYS.unknownRole,
      params: { name: missingRoles.join(', ') },
    });
  }
  const unitIds = [...new Set(input.organizationUnitIds)];
  const units = await repository.findOrganizationUnitIds(db, ctx.tenantId, unitIds);
  if (units.length !== unitIds.length) {
    errors.push({ field: 'organizationUnitIds', message: IDENTITY_MESSAGE_KEYS.unknownOrganizationUnit });
  }
  if (errors.length) throw new DomainError('validation_failed', undefined, undefined, errors);
  return { roleIds: roles.map((role) => role.id), unitIds };
}

function profileOf(input: UserFields) {
  return {
    userName: input.userName,
    normalizedUserName: normalizeIdentifier(input.userName),
    email: input.email,
    normalizedEmail: normalizeIdentifier(input.email),
    name: input.name || null,
    phoneNumber: input.phoneNumber || null,
    isActive: input.isActive,
    lockoutEnabled: input.lockoutEnabled,
    twoFactorEnabled: input.twoFactorEnabled,
  };
}

export async function createUser(
  ctx: RequestContext,
  input: z.output<typeof zCreateUserRequest>,
): Promise<IdentityUser> {
  await checkPassword(ctx, 'password', input.password);
  return createUserWithPasswordHash(ctx, input, await hashPassword(input.password));
}

/**
 * Creates a user with a password hash already made, and runs `alsoInTransaction` (a national
 * identity binding) in the same transaction; `uniqueErrors` names the field errors of its unique
 * constraints besides the user's own.
 */
export async function createUserWithPasswordHash(
  ctx: RequestContext,
  input: UserFields,
  passwordHash: string,
  alsoInTransaction?: (tx: Database, user: { id: string }) => Promise<void>,
  uniqueErrors: Record<string, ValidationError> = {},
): Promise<IdentityUser> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const { roleIds, unitIds } = await resolveUserFields(ctx, tx, input);
        const user = await repository.insertUser(tx, {
          ...profileOf(input),
          tenantId: ctx.tenantId,
          passwordHash,
          securityStamp: newSecurityStamp(),
          // An administrator vouches for the address they typed in.
          emailConfirmed: true,
        });
        await repository.replaceUserRoles(tx, ctx.tenantId, user.id, roleIds);
        await repository.replaceUserOrganizationUnits(tx, ctx.tenantId, user.id, unitIds);
        await alsoInTransaction?.(tx, user);
        return user;
      }),
    { ...UNIQUE_USER_ERRORS, ...uniqueErrors },
  );
  ctx.authorizations.invalidate(row.id);
  return toIdentityUser(row, ctx.now());
}

export async function updateUser(ctx: RequestContext, id: string, input: UserFields): Promise<IdentityUser> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = await requireUser(tx, ctx.tenantId, id);
        const { roleIds, unitIds } = await resolveUserFields(ctx, tx, input, id);
        const rolesChanged = await repository.replaceUserRoles(tx, ctx.tenantId, id, roleIds);
        const unitsChanged = await repository.replaceUserOrganizationUnits(tx, ctx.tenantId, id, unitIds);
        // The e-mail stays confirmed when an administrator changes it, as on create: sign-in needs a
        // confirmed address, and this screen sends no confirmation mail.
        return repository.updateUser(tx, ctx.tenantId, id, {
          ...profileOf(input),
          // Switching two-factor off forgets the authenticator app: switched on again, the user sets
          // up a fresh one at the next sign-in instead of relying on a secret that may have leaked.
          ...(input.twoFactorEnabled ? {} : { totpSecret: null }),
          ...(rolesChanged || unitsChanged || current.isActive !== input.isActive
            ? { securityStamp: newSecurityStamp() }
            : {}),
          updatedAt: ctx.now(),
        });
      }),
    UNIQUE_USER_ERRORS,
  );
  ctx.authorizations.invalidate(id);
  return toIdentityUser(row!, ctx.now());
}

export async function deleteUser(ctx: RequestContext, id: string): Promise<void> {
  if (id === ctx.userId) throw fieldError('id', IDENTITY_MESSAGE_KEYS.cannotDeleteYourself);
  await ctx.db.transaction(async (tx) => {
    await requireUser(tx, ctx.tenantId, id);
    await repository.deleteUser(tx, ctx.tenantId, id);
  });
  ctx.authorizations.invalidate(id);
}

function securityLogOf(ctx: RequestContext, user: UserRow) {
  return {
    tenantId: user.tenantId,
    userId: user.id,
    userName: user.userName,
    clientId: ctx.clientId,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  };
}

export async function lockUser(
  ctx: RequestContext,
  id: string,
  input: z.output<typeof zLockUserRequest>,
): Promise<IdentityUser> {
  const lockoutEnd = input.lockoutEnd ? new Date(input.lockoutEnd) : LOCKED_UNTIL_FURTHER_NOTICE;
  const row = await ctx.db.transaction(async (tx) => {
    const user = await requireUser(tx, ctx.tenantId, id);
    if (id === ctx.userId) throw fieldError('id', IDENTITY_MESSAGE_KEYS.cannotLockYourself);
    if (!user.lockoutEnabled) throw fieldError('lockoutEnd', IDENTITY_MESSAGE_KEYS.lockoutNotEnabled);
    if (lockoutEnd <= ctx.now()) throw fieldError('lockoutEnd', IDENTITY_MESSAGE_KEYS.lockoutEndInPast);
    const updated = await repository.updateUser(tx, ctx.tenantId, id, { lockoutEnd, updatedAt: ctx.now() });
    await writeSecurityLog(tx, { ...securityLogOf(ctx, user), action: 'UserLocked' });
    return updated!;
  });
  return toIdentityUser(row, ctx.now());
}

export async function unlockUser(ctx: RequestContext, id: string): Promise<IdentityUser> {
  const row = await ctx.db.transaction(async (tx) => {
    const user = await requireUser(tx, ctx.tenantId, id);
    const updated = await repository.updateUser(tx, ctx.tenantId, id, {
      lockoutEnd: null,
      accessFailedCount: 0,
      updatedAt: ctx.now(),
    });
    await writeSecurityLog(tx, { ...securityLogOf(ctx, user), action: 'UserUnlocked' });
    return updated!;
  });
  return toIdentityUser(row, ctx.now());
}

export async function setUserPassword(ctx: RequestContext, id: string, newPassword: string): Promise<void> {
  await requireUser(ctx.db, ctx.tenantId, id);
  await checkPassword(ctx, 'newPassword', newPassword);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    const user = await requireUser(tx, ctx.tenantId, id);
    await repository.updateUser(tx, ctx.tenantId, id, {
      passwordHash,
      securityStamp: newSecurityStamp(),
      updatedAt: ctx.now(),
    });
    await writeSecurityLog(tx, { ...securityLogOf(ctx, user), action: 'PasswordChanged' });
  });
  ctx.authorizations.invalidate(id);
}

export async function getUserRoles(ctx: RequestContext, id: string) {
  await requireUser(ctx.db, ctx.tenantId, id);
  return { items: await repository.findRolesOfUser(ctx.db, ctx.tenantId, id) };
}

export async function getAssignableRoles(ctx: RequestContext) {
  return { items: await repository.findAssignableRoles(ctx.db, ctx.tenantId) };
}

export async function getUserOrganizationUnits(ctx: RequestContext, id: string) {
  await requireUser(ctx.db, ctx.tenantId, id);
  return { items: await repository.findOrganizationUnitsOfUser(ctx.db, ctx.tenantId, id) };
}
