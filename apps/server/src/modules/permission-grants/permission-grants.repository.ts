import { and, eq, inArray, isNull, type Column, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import {
  organizationUnitRoles,
  userOrganizationUnits,
} from '../organization-units/organization-units.schema';
import { roles, userRoles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';

/** Permission-grant queries; the grant holders (roles, users) are looked up within one tenant. */

function inTenant(column: Column, tenantId: string | null): SQL {
  return tenantId === null ? isNull(column) : eq(column, tenantId);
}

export async function findRoleName(db: Database, tenantId: string | null, roleId: string) {
  const [row] = await db
    .select({ name: roles.name })
    .from(roles)
    .where(and(eq(roles.id, roleId), inTenant(roles.tenantId, tenantId)));
  return row?.name;
}

export async function findUserName(db: Database, tenantId: string | null, userId: string) {
  const [row] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(and(eq(users.id, userId), inTenant(users.tenantId, tenantId)));
  return row?.userName;
}

/** The names granted to one provider itself. */
export async function findGrantNames(db: Database, providerName: 'R' | 'U', providerKey: string) {
  const rows = await db
    .select({ name: permissionGrants.name })
    .from(permissionGrants)
    .where(
      and(eq(permissionGrants.providerName, providerName), eq(permissionGrants.providerKey, providerKey)),
    );
  return new Set(rows.map((row) => row.name));
}

/**
 * The roles a user holds, directly or through organization units, with their grants: what the user
 * has "through roles". Only roles of the user's tenant count, as in user-authorization.
 */
export async function findRoleGrantsOfUser(db: Database, tenantId: string | null, userId: string) {
  const direct = db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const viaUnits = db
    .select({ roleId: organizationUnitRoles.roleId })
    .from(userOrganizationUnits)
    .innerJoin(
      organizationUnitRoles,
      eq(organizationUnitRoles.organizationUnitId, userOrganizationUnits.organizationUnitId),
    )
    .where(eq(userOrganizationUnits.userId, userId));
  const roleIds = [...new Set([...(await direct), ...(await viaUnits)].map((row) => row.roleId))];
  if (roleIds.length === 0) return [];
  const heldRoles = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), inTenant(roles.tenantId, tenantId)));
  if (heldRoles.length === 0) return [];
  const grants = await db
    .select({ name: permissionGrants.name, roleId: permissionGrants.providerKey })
    .from(permissionGrants)
    .where(
      and(
        eq(permissionGrants.providerName, 'R'),
        inArray(
          permissionGrants.providerKey,
          heldRoles.map((role) => role.id),
        ),
      ),
    );
  return grants.map((grant) => ({
    name: grant.name,
    roleId: grant.roleId,
    roleName: heldRoles.find((role) => role.id === grant.roleId)!.name,
  }));
}

export async function insertGrants(
  db: Database,
  tenantId: string | null,
  providerName: 'R' | 'U',
  providerKey: string,
  names: string[],
): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(permissionGrants)
    .values(names.map((name) => ({ tenantId, name, providerName, providerKey })))
    .onConflictDoNothing();
}

export async function deleteGrants(
  db: Database,
  providerName: 'R' | 'U',
  providerKey: string,
  names: string[],
): Promise<void> {
  if (names.length === 0) return;
  await db
    .delete(permissionGrants)
    .where(
      and(
        eq(permissionGrants.providerName, providerName),
        eq(permissionGrants.providerKey, providerKey),
        inArray(permissionGrants.name, names),
      ),
    );
}
