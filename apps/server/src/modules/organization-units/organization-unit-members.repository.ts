import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';
import { organizationUnitRoles, userOrganizationUnits } from './organization-units.schema';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';

/** Members and roles of one organization unit; the unit's tenant is checked by the caller. */

export const MEMBER_SORT_COLUMNS = { userName: users.userName, name: users.name, email: users.email };
export const MEMBER_DEFAULT_ORDER = sql`${users.userName} asc`;
export const UNIT_ROLE_SORT_COLUMNS = { name: roles.name };
export const UNIT_ROLE_DEFAULT_ORDER = sql`${roles.name} asc`;

export async function findMembers(
  db: Database,
  tenantId: string | null,
  unitId: string,
  page: PageRequest,
  orderBy: SQL,
) {
  const pattern = page.filter ? likePattern(page.filter) : undefined;
  const where = and(
    eq(userOrganizationUnits.organizationUnitId, unitId),
    inTenant(users.tenantId, tenantId),
    pattern
      ? or(ilike(users.userName, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
      : undefined,
  );
  const rows = await db
    .select({ id: users.id, userName: users.userName, name: users.name, email: users.email })
    .from(userOrganizationUnits)
    .innerJoin(users, eq(users.id, userOrganizationUnits.userId))
    .where(where)
    .orderBy(orderBy, users.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db
    .select({ value: count() })
    .from(userOrganizationUnits)
    .innerJoin(users, eq(users.id, userOrganizationUnits.userId))
    .where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** Which of these users exist in the tenant. */
export async function findUserIdsInTenant(db: Database, tenantId: string | null, ids: string[]) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inTenant(users.tenantId, tenantId)));
  return rows.map((row) => row.id);
}

export async function addMembers(db: Database, tenantId: string | null, unitId: string, userIds: string[]) {
  if (userIds.length === 0) return;
  await db
    .insert(userOrganizationUnits)
    .values(userIds.map((userId) => ({ userId, organizationUnitId: unitId, tenantId })))
    .onConflictDoNothing();
}

/** Returns whether the user was a member. */
export async function removeMember(db: Database, unitId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(userOrganizationUnits)
    .where(
      and(eq(userOrganizationUnits.organizationUnitId, unitId), eq(userOrganizationUnits.userId, userId)),
    )
    .returning({ userId: userOrganizationUnits.userId });
  return removed.length > 0;
}

export async function findUnitRoles(
  db: Database,
  tenantId: string | null,
  unitId: string,
  page: PageRequest,
  orderBy: SQL,
) {
  const where = and(
    eq(organizationUnitRoles.organizationUnitId, unitId),
    inTenant(roles.tenantId, tenantId),
    page.filter ? ilike(roles.name, likePattern(page.filter)) : undefined,
  );
  const rows = await db
    .select({ id: roles.id, name: roles.name })
    .from(organizationUnitRoles)
    .innerJoin(roles, eq(roles.id, organizationUnitRoles.roleId))
    .where(where)
    .orderBy(orderBy, roles.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db
    .select({ value: count() })
    .from(organizationUnitRoles)
    .innerJoin(roles, eq(roles.id, organizationUnitRoles.roleId))
    .where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** Which of these roles exist in the tenant. */
export async function findRoleIdsInTenant(db: Database, tenantId: string | null, ids: string[]) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), inTenant(roles.tenantId, tenantId)));
  return rows.map((row) => row.id);
}

export async function addRoles(db: Database, tenantId: string | null, unitId: string, roleIds: string[]) {
  if (roleIds.length === 0) return;
  await db
    .insert(organizationUnitRoles)
    .values(roleIds.map((roleId) => ({ roleId, organizationUnitId: unitId, tenantId })))
    .onConflictDoNothing();
}

/** Returns whether the role was linked. */
export async function removeRole(db: Database, unitId: string, roleId: string): Promise<boolean> {
  const removed = await db
    .delete(organizationUnitRoles)
    .where(
      and(eq(organizationUnitRoles.organizationUnitId, unitId), eq(organizationUnitRoles.roleId, roleId)),
    )
    .returning({ roleId: organizationUnitRoles.roleId });
  return removed.length > 0;
}
