import { and, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';
import { roleClaims, roles, userRoles } from './roles.schema';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';

/** Roles repository: queries only, each limited to one tenant (null: the host). */

const roleColumns = {
  id: roles.id,
  name: roles.name,
  isDefault: roles.isDefault,
  isPublic: roles.isPublic,
  isStatic: roles.isStatic,
  createdAt: roles.createdAt,
  userCount: sql<number>`(select count(*)::int from ${userRoles} where ${userRoles.roleId} = ${roles.id})`,
};

export const ROLE_SORT_COLUMNS = { name: roles.name, createdAt: roles.createdAt };
export const ROLE_DEFAULT_ORDER = sql`${roles.name} asc`;

export async function findRoles(db: Database, tenantId: string | null, page: PageRequest, orderBy: SQL) {
  const where = and(
    inTenant(roles.tenantId, tenantId),
    page.filter ? ilike(roles.name, likePattern(page.filter)) : undefined,
  );
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(where)
    .orderBy(orderBy, roles.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(roles).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findAllRoles(db: Database, tenantId: string | null) {
  return db.select(roleColumns).from(roles).where(inTenant(roles.tenantId, tenantId)).orderBy(roles.name);
}

export async function findRole(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.id, id), inTenant(roles.tenantId, tenantId)));
  return row;
}

export async function isRoleNameTaken(
  db: Database,
  tenantId: string | null,
  normalizedName: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        inTenant(roles.tenantId, tenantId),
        eq(roles.normalizedName, normalizedName),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertRole(db: Database, values: typeof roles.$inferInsert): Promise<string> {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

export async function updateRole(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<typeof roles.$inferInsert>,
): Promise<void> {
  await db
    .update(roles)
    .set(values)
    .where(and(eq(roles.id, id), inTenant(roles.tenantId, tenantId)));
}

/** Deletes the role and its grants (no foreign key); memberships, unit links and claims cascade. */
export async function deleteRole(db: Database, tenantId: string | null, id: string): Promise<void> {
  await db
    .delete(permissionGrants)
    .where(and(eq(permissionGrants.providerName, 'R'), eq(permissionGrants.providerKey, id)));
  await db.delete(roles).where(and(eq(roles.id, id), inTenant(roles.tenantId, tenantId)));
}

export async function findRoleClaims(db: Database, tenantId: string | null, roleId: string) {
  return db
    .select({ claimType: roleClaims.claimType, claimValue: roleClaims.claimValue })
    .from(roleClaims)
    .where(and(eq(roleClaims.roleId, roleId), inTenant(roleClaims.tenantId, tenantId)))
    .orderBy(roleClaims.claimType, roleClaims.claimValue);
}

export async function replaceRoleClaims(
  db: Database,
  tenantId: string | null,
  roleId: string,
  claims: { claimType: string; claimValue: string }[],
): Promise<void> {
  await db.delete(roleClaims).where(eq(roleClaims.roleId, roleId));
  if (claims.length) {
    await db.insert(roleClaims).values(claims.map((claim) => ({ ...claim, roleId, tenantId })));
  }
}
