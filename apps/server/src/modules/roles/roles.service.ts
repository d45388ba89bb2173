import {
  IDENTITY_MESSAGE_KEYS,
  type Role,
  type ValidationError,
  type zCreateRoleRequest,
  type zRoleListRequest,
  type zUpdateRoleClaimsRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { findClaimTypesByNames, matchesClaimRegex } from '../claim-types';
import * as repository from './roles.repository';
import { type RequestContext } from '../../platform/http/request-context';
import { fieldError, withUniqueFieldErrors } from '../../platform/errors/field-errors';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';

/** Roles of identity management: the rules on top of the roles repository. */

type RoleRecord = NonNullable<Awaited<ReturnType<typeof repository.findRole>>>;

function toRole(row: RoleRecord): Role {
  return { ...row, createdAt: isoTime(row.createdAt) };
}

export async function listRoles(ctx: RequestContext, query: z.output<typeof zRoleListRequest>) {
  const orderBy = orderByOf(query.sorting, repository.ROLE_SORT_COLUMNS, repository.ROLE_DEFAULT_ORDER);
  const { rows, totalCount } = await repository.findRoles(ctx.db, ctx.tenantId, query, orderBy);
  return { items: rows.map(toRole), totalCount };
}

export async function listAllRoles(ctx: RequestContext) {
  return { items: (await repository.findAllRoles(ctx.db, ctx.tenantId)).map(toRole) };
}

/** The role of the caller's tenant, or 404 (another tenant's role must not be told apart from none). */
export async function requireRole(db: Database, tenantId: string | null, id: string): Promise<RoleRecord> {
  const row = await repository.findRole(db, tenantId, id);
  if (!row) throw new DomainError('not_found');
  return row;
}

export async function getRole(ctx: RequestContext, id: string): Promise<Role> {
  return toRole(await requireRole(ctx.db, ctx.tenantId, id));
}

type RoleInput = z.output<typeof zCreateRoleRequest>;

const UNIQUE_ROLE_ERRORS = {
  roles_tenant_name_unique: { field: 'name', message: IDENTITY_MESSAGE_KEYS.roleNameTaken },
};

export async function createRole(ctx: RequestContext, input: RoleInput): Promise<Role> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const normalizedName = normalizeIdentifier(input.name);
        if (await repository.isRoleNameTaken(tx, ctx.tenantId, normalizedName)) {
          throw fieldError('name', IDENTITY_MESSAGE_KEYS.roleNameTaken);
        }
        const id = await repository.insertRole(tx, {
          tenantId: ctx.tenantId,
          name: input.name,
          normalizedName,
          isDefault: input.isDefault,
          isPublic: input.isPublic,
        });
        return requireRole(tx, ctx.tenantId, id);
      }),
    UNIQUE_ROLE_ERRORS,
  );
  return toRole(row);
}

export async function updateRole(ctx: RequestContext, id: string, input: RoleInput): Promise<Role> {
  const row = await withUniqueFieldErrors(
    () =>
      ctx.db.transaction(async (tx) => {
        const current = await requireRole(tx, ctx.tenantId, id);
        const normalizedName = normalizeIdentifier(input.name);
        if (current.isStatic && input.name !== current.name) {
          throw fieldError('name', IDENTITY_MESSAGE_KEYS.staticRoleCannotBeRenamed);
        }
        if (await repository.isRoleNameTaken(tx, ctx.tenantId, normalizedName, id)) {
          throw fieldError('name', IDENTITY_MESSAGE_KEYS.roleNameTaken);
        }
        await repository.updateRole(tx, ctx.tenantId, id, {
          name: input.name,
          normalizedName,
          isDefault: input.isDefault,
          isPublic: input.isPublic,
          updatedAt: ctx.now(),
        });
        return requireRole(tx, ctx.tenantId, id);
      }),
    UNIQUE_ROLE_ERRORS,
  );
  // Role names are part of every member's authorization.
  ctx.authorizations.invalidate();
  return toRole(row);
}

export async function deleteRole(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const role = await requireRole(tx, ctx.tenantId, id);
    if (role.isStatic) throw fieldError('id', IDENTITY_MESSAGE_KEYS.staticRoleCannotBeDeleted);
    await repository.deleteRole(tx, ctx.tenantId, id);
  });
  ctx.authorizations.invalidate();
}

export async function getRoleClaims(ctx: RequestContext, id: string) {
  await requireRole(ctx.db, ctx.tenantId, id);
  return repository.findRoleClaims(ctx.db, ctx.tenantId, id);
}

/**
 * Replaces the role's claims. Each claim type must exist and each value match the type's regex;
 * errors name the row (`0.claimValue`), as the form shows them.
 */
export async function updateRoleClaims(
  ctx: RequestContext,
  id: string,
  claims: z.output<typeof zUpdateRoleClaimsRequest>,
) {
  await ctx.db.transaction(async (tx) => {
    await requireRole(tx, ctx.tenantId, id);
    const types = await findClaimTypesByNames(tx, [...new Set(claims.map((claim) => claim.claimType))]);
    const errors: ValidationError[] = [];
    claims.forEach((claim, index) => {
      const type = types.find((row) => row.name.toLowerCase() === claim.claimType.toLowerCase());
      if (!type) {
        errors.push({ field: `${index}.claimType`, message: IDENTITY_MESSAGE_KEYS.unknownClaimType });
      } else if (type.regex && !matchesClaimRegex(type.regex, claim.claimValue)) {
        errors.push({
          field: `${index}.claimValue`,
          message: IDENTITY_MESSAGE_KEYS.claimValueMismatch,
          ...(type.regexDescription ? { params: { description: type.regexDescription } } : {}),
        });
      }
    });
    if (errors.length) throw new DomainError('validation_failed', undefined, undefined, errors);
    const unique = new Map(claims.map((claim) => [`${claim.claimType}\u0000${claim.claimValue}`, claim]));
    await repository.replaceRoleClaims(tx, ctx.tenantId, id, [...unique.values()]);
  });
  return repository.findRoleClaims(ctx.db, ctx.tenantId, id);
}
