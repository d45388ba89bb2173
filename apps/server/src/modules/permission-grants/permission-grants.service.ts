import {
  IDENTITY_MESSAGE_KEYS,
  isHostOnlyPermission,
  isKnownPermission,
  PERMISSION_TREE,
  type PermissionGrant,
  type PermissionGrantsResponse,
  type PermissionNode,
  type ValidationError,
  type zPermissionGrantsQuery,
  type zUpdatePermissionGrantsRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import type { UserAuthorizationCache } from '../../platform/permissions/user-authorization';
import * as repository from './permission-grants.repository';

/** The caller of permission management: whose tenant limits the holders, and what they may grant. */
export interface PermissionGrantsContext {
  db: Database;
  tenantId: string | null;
  permissions: ReadonlySet<string>;
  authorizations: Pick<UserAuthorizationCache, 'invalidate'>;
}

type Provider = z.output<typeof zPermissionGrantsQuery>;

/** Managing a role's grants needs Roles.ManagePermissions; a user's, Users.ManagePermissions. */
const REQUIRED_PERMISSION = {
  R: 'Homeward.Roles.ManagePermissions',
  U: 'Homeward.Users.ManagePermissions',
} as const;

/** Checks the caller may manage this kind of holder and that the holder is in their tenant (else 404). */
async function requireHolder(ctx: PermissionGrantsContext, db: Database, provider: Provider) {
  const required = REQUIRED_PERMISSION[provider.providerName];
  if (!ctx.permissions.has(required)) throw new DomainError('forbidden', undefined, required);
  const displayName =
    provider.providerName === 'R'
      ? await repository.findRoleName(db, ctx.tenantId, provider.providerKey)
      : await repository.findUserName(db, ctx.tenantId, provider.providerKey);
  if (displayName === undefined) throw new DomainError('not_found');
  return displayName;
}

/** Tenant users never see host-only permissions; they could not hold them anyway. */
function visible(ctx: PermissionGrantsContext, name: string): boolean {
  return ctx.tenantId === null || !isHostOnlyPermission(name);
}

export async function getPermissionGrants(
  ctx: PermissionGrantsContext,
  provider: Provider,
): Promise<PermissionGrantsResponse> {
  const entityDisplayName = await requireHolder(ctx, ctx.db, provider);
  const own = await repository.findGrantNames(ctx.db, provider.providerName, provider.providerKey);
  const viaRoles =
    provider.providerName === 'U'
      ? await repository.findRoleGrantsOfUser(ctx.db, ctx.tenantId, provider.providerKey)
      : [];

  const grantOf = (node: PermissionNode, parentName: string | null): PermissionGrant => {
    const grantedProviders = [
      ...(own.has(node.name)
        ? [
            {
              providerName: provider.providerName,
              providerKey: provider.providerKey,
              displayName: entityDisplayName,
            },
          ]
        : []),
      ...viaRoles
        .filter((grant) => grant.name === node.name)
        .map((grant) => ({
          providerName: 'R' as const,
          providerKey: grant.roleId,
          displayName: grant.roleName,
        })),
    ];
    return {
      name: node.name,
      displayKey: node.displayKey,
      parentName,
      isGranted: grantedProviders.length > 0,
      grantedProviders,
    };
  };
  const flatten = (node: PermissionNode, parentName: string | null): PermissionGrant[] =>
    visible(ctx, node.name)
      ? [grantOf(node, parentName), ...(node.children ?? []).flatMap((child) => flatten(child, node.name))]
      : [];

  const groups = PERMISSION_TREE.filter((root) => visible(ctx, root.name)).map((root) => ({
    name: root.name,
    displayKey: root.displayKey,
    permissions: flatten(root, null),
  }));
  return { entityDisplayName, groups };
}

/**
 * Sets the holder's own grants for the listed permissions. Unknown (or, for a tenant, host-only)
 * names are field errors; newly granting a permission the caller does not hold is 403, so nobody can
 * hand out more than they have.
 */
export async function updatePermissionGrants(
  ctx: PermissionGrantsContext,
  provider: Provider,
  input: z.output<typeof zUpdatePermissionGrantsRequest>,
): Promise<void> {
  const errors: ValidationError[] = [];
  input.permissions.forEach((permission, index) => {
    if (!isKnownPermission(permission.name) || !visible(ctx, permission.name)) {
      errors.push({ field: `permissions.${index}.name`, message: IDENTITY_MESSAGE_KEYS.unknownPermission });
    }
  });

  await ctx.db.transaction(async (tx) => {
    await requireHolder(ctx, tx, provider);
    if (errors.length) throw new DomainError('validation_failed', undefined, undefined, errors);
    const own = await repository.findGrantNames(tx, provider.providerName, provider.providerKey);
    const toGrant = input.permissions.filter((p) => p.isGranted && !own.has(p.name)).map((p) => p.name);
    const toRevoke = input.permissions.filter((p) => !p.isGranted && own.has(p.name)).map((p) => p.name);
    const beyondCaller = toGrant.find((name) => !ctx.permissions.has(name));
    if (beyondCaller) throw new DomainError('forbidden', undefined, beyondCaller);
    await repository.insertGrants(tx, ctx.tenantId, provider.providerName, provider.providerKey, [
      ...new Set(toGrant),
    ]);
    await repository.deleteGrants(tx, provider.providerName, provider.providerKey, [...new Set(toRevoke)]);
  });
  // A role's grants reach all its members (directly and through units): forget everyone.
  if (provider.providerName === 'R') ctx.authorizations.invalidate();
  else ctx.authorizations.invalidate(provider.providerKey);
}
