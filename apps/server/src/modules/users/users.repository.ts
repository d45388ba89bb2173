import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';
import { organizationUnits, userOrganizationUnits } from '../organization-units/organization-units.schema';
import { roles, userRoles } from '../roles/roles.schema';
import { users, type NewUserRow, type UserRow } from './users.schema';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';

/** Users repository: queries only, each limited to one tenant (null: the host). */

function userSearch(tenantId: string | null, filter?: string): SQL | undefined {
  const pattern = filter ? likePattern(filter) : undefined;
  return and(
    inTenant(users.tenantId, tenantId),
    pattern
      ? or(ilike(users.userName, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
      : undefined,
  );
}

export async function findUsers(
  db: Database,
  tenantId: string | null,
  page: PageRequest,
  orderBy: SQL,
): Promise<{ rows: UserRow[]; totalCount: number }> {
  const where = userSearch(tenantId, page.filter);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(orderBy, users.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findUser(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inTenant(users.tenantId, tenantId)));
  return row;
}

/**
 * Whether another user (of any tenant: user names and e-mails are unique system-wide) already has
 * this normalized user name or e-mail.
 */
export async function findIdentifierClashes(
  db: Database,
  normalized: { userName: string; email: string },
  exceptUserId?: string,
): Promise<{ userName: boolean; email: boolean }> {
  // Names are unique across tenants, which row-level security hides: ask the database yes or no.
  const [row] = await selectRows<{ user_name_taken: boolean; email_taken: boolean }>(
    db,
    sql`select * from homeward_identifier_clashes(${normalized.userName}, ${normalized.email}, ${exceptUserId ?? null}::uuid)`,
  );
  return { userName: Boolean(row?.user_name_taken), email: Boolean(row?.email_taken) };
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Database,
  tenantId: string | null,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), inTenant(users.tenantId, tenantId)))
    .returning();
  return row;
}

/** Deletes the user and their own grants (grants have no foreign key); memberships cascade. */
export async function deleteUser(db: Database, tenantId: string | null, id: string): Promise<void> {
  await db
    .delete(permissionGrants)
    .where(and(eq(permissionGrants.providerName, 'U'), eq(permissionGrants.providerKey, id)));
  await db.delete(users).where(and(eq(users.id, id), inTenant(users.tenantId, tenantId)));
}

export async function findRolesByNormalizedNames(db: Database, tenantId: string | null, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: roles.id, normalizedName: roles.normalizedName })
    .from(roles)
    .where(and(inTenant(roles.tenantId, tenantId), inArray(roles.normalizedName, names)));
}

export async function findOrganizationUnitIds(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(and(inTenant(organizationUnits.tenantId, tenantId), inArray(organizationUnits.id, ids)));
  return rows.map((row) => row.id);
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  isDefault: roles.isDefault,
  isPublic: roles.isPublic,
  isStatic: roles.isStatic,
};

/** The roles given to the user directly (not through organization units). */
export async function findRolesOfUser(db: Database, tenantId: string | null, userId: string) {
  return db
    .select(roleColumns)
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), inTenant(roles.tenantId, tenantId)))
    .orderBy(roles.name);
}

export async function findAssignableRoles(db: Database, tenantId: string | null) {
  return db.select(roleColumns).from(roles).where(inTenant(roles.tenantId, tenantId)).orderBy(roles.name);
}

export async function findOrganizationUnitsOfUser(db: Database, tenantId: string | null, userId: string) {
  return db
    .select({
      id: organizationUnits.id,
      parentId: organizationUnits.parentId,
      code: organizationUnits.code,
      displayName: organizationUnits.displayName,
    })
    .from(userOrganizationUnits)
    .innerJoin(organizationUnits, eq(organizationUnits.id, userOrganizationUnits.organizationUnitId))
    .where(and(eq(userOrganizationUnits.userId, userId), inTenant(organizationUnits.tenantId, tenantId)))
    .orderBy(organizationUnits.code);
}

/** Replaces the user's direct roles; returns whether the set changed. */
export async function replaceUserRoles(
  db: Database,
  tenantId: string | null,
  userId: string,
  roleIds: string[],
): Promise<boolean> {
  const current = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const before = new Set(current.map((row) => row.roleId));
  const after = new Set(roleIds);
  if (before.size === after.size && [...after].every((id) => before.has(id))) return false;
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (after.size) {
    await db.insert(userRoles).values([...after].map((roleId) => ({ userId, roleId, tenantId })));
  }
  return true;
}

/** Replaces the user's organization units; returns whether the set changed. */
export async function replaceUserOrganizationUnits(
  db: Database,
  tenantId: string | null,
  userId: string,
  unitIds: string[],
): Promise<boolean> {
  const current = await db
    .select({ id: userOrganizationUnits.organizationUnitId })
    .from(userOrganizationUnits)
    .where(eq(userOrganizationUnits.userId, userId));
  const before = new Set(current.map((row) => row.id));
  const after = new Set(unitIds);
  if (before.size === after.size && [...after].every((id) => before.has(id))) return false;
  await db.delete(userOrganizationUnits).where(eq(userOrganizationUnits.userId, userId));
  if (after.size) {
    await db
      .insert(userOrganizationUnits)
      .values([...after].map((organizationUnitId) => ({ userId, organizationUnitId, tenantId })));
  }
  return true;
}

/** Sort keys of the user list → columns. */
export const USER_SORT_COLUMNS = {
  userName: users.userName,
  name: users.name,
  email: users.email,
  createdAt: users.createdAt,
  isActive: users.isActive,
};
export const USER_DEFAULT_ORDER = sql`${users.userName} asc`;
