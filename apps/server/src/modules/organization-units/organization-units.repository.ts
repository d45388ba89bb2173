import { and, count, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { citizens } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnitRoles, organizationUnits, userOrganizationUnits } from './organization-units.schema';
import { inTenant } from '../../platform/db/query-helpers';

/** Organization-unit tree queries, each limited to one tenant (null: the host). */

const unitColumns = {
  id: organizationUnits.id,
  parentId: organizationUnits.parentId,
  code: organizationUnits.code,
  displayName: organizationUnits.displayName,
  createdAt: organizationUnits.createdAt,
  memberCount: sql<number>`(select count(*)::int from ${userOrganizationUnits} where ${userOrganizationUnits.organizationUnitId} = ${organizationUnits.id})`,
  roleCount: sql<number>`(select count(*)::int from ${organizationUnitRoles} where ${organizationUnitRoles.organizationUnitId} = ${organizationUnits.id})`,
};

/**
 * Serialises the tree changes of one tenant for the rest of the transaction, so two creates or
 * moves under the same parent never compute the same code.
 */
export async function lockTree(db: Database, tenantId: string | null): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`organization-units:${tenantId ?? 'host'}`}))`,
  );
}

export async function findUnits(db: Database, tenantId: string | null) {
  return db
    .select(unitColumns)
    .from(organizationUnits)
    .where(inTenant(organizationUnits.tenantId, tenantId))
    .orderBy(organizationUnits.code);
}

export async function findUnit(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select(unitColumns)
    .from(organizationUnits)
    .where(and(eq(organizationUnits.id, id), inTenant(organizationUnits.tenantId, tenantId)));
  return row;
}

function childrenOf(tenantId: string | null, parentId: string | null) {
  return and(
    inTenant(organizationUnits.tenantId, tenantId),
    parentId === null ? isNull(organizationUnits.parentId) : eq(organizationUnits.parentId, parentId),
  );
}

/** The codes of a unit's direct children (of the roots, for null). */
export async function findChildCodes(db: Database, tenantId: string | null, parentId: string | null) {
  const rows = await db
    .select({ code: organizationUnits.code })
    .from(organizationUnits)
    .where(childrenOf(tenantId, parentId));
  return rows.map((row) => row.code);
}

export async function hasChildren(db: Database, tenantId: string | null, id: string): Promise<boolean> {
  return (await findChildCodes(db, tenantId, id)).length > 0;
}

/** Sibling display names are unique (case-insensitively), so the tree never shows two alike. */
export async function isSiblingNameTaken(
  db: Database,
  tenantId: string | null,
  parentId: string | null,
  displayName: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(
      and(
        childrenOf(tenantId, parentId),
        eq(sql`lower(${organizationUnits.displayName})`, displayName.toLowerCase()),
        exceptId ? ne(organizationUnits.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertUnit(
  db: Database,
  values: typeof organizationUnits.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(organizationUnits).values(values).returning({ id: organizationUnits.id });
  return row!.id;
}

export async function renameUnit(
  db: Database,
  tenantId: string | null,
  id: string,
  displayName: string,
  at: Date,
) {
  await db
    .update(organizationUnits)
    .set({ displayName, updatedAt: at })
    .where(and(eq(organizationUnits.id, id), inTenant(organizationUnits.tenantId, tenantId)));
}

/**
 * Re-parents a unit and rewrites the code of it and its whole subtree from `oldCode` to `newCode`
 * (the materialised path must follow the move).
 */
export async function moveSubtree(
  db: Database,
  tenantId: string | null,
  unit: { id: string; oldCode: string; newCode: string; newParentId: string | null },
  at: Date,
): Promise<void> {
  await db
    .update(organizationUnits)
    .set({ parentId: unit.newParentId, updatedAt: at })
    .where(and(eq(organizationUnits.id, unit.id), inTenant(organizationUnits.tenantId, tenantId)));
  await db
    .update(organizationUnits)
    .set({
      code: sql`${unit.newCode} || substr(${organizationUnits.code}, ${unit.oldCode.length + 1})`,
    })
    .where(
      and(
        inTenant(organizationUnits.tenantId, tenantId),
        or(eq(organizationUnits.code, unit.oldCode), like(organizationUnits.code, `${unit.oldCode}.%`)),
      ),
    );
}

/** The watches registered to a unit (`devices.organization_id` restricts its delete). */
export async function countDevices(db: Database, tenantId: string | null, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.organizationId, id), inTenant(devices.tenantId, tenantId)));
  return row?.n ?? 0;
}

/** Citizens of the unit (they restrict its delete in the database, as devices do). */
export async function countCitizens(db: Database, tenantId: string | null, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(citizens)
    .where(and(eq(citizens.organizationId, id), inTenant(citizens.tenantId, tenantId)));
  return row?.n ?? 0;
}

/** Deletes a unit (without children); its member and role links cascade. */
export async function deleteUnit(db: Database, tenantId: string | null, id: string): Promise<void> {
  await db
    .delete(organizationUnits)
    .where(and(eq(organizationUnits.id, id), inTenant(organizationUnits.tenantId, tenantId)));
}

export async function findMemberIds(db: Database, unitId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userOrganizationUnits.userId })
    .from(userOrganizationUnits)
    .where(eq(userOrganizationUnits.organizationUnitId, unitId));
  return rows.map((row) => row.userId);
}

/**
 * The units a user follows: those they are a member of, with every unit below them. Empty when the
 * user is a member of none.
 */
export async function findFollowedUnitIds(
  db: Database,
  tenantId: string | null,
  userId: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: organizationUnits.id })
    .from(organizationUnits)
    .innerJoin(
      sql`organization_units m`,
      sql`m.tenant_id is not distinct from ${organizationUnits.tenantId}
        and (${organizationUnits.code} = m.code or ${organizationUnits.code} like m.code || '.%')`,
    )
    .innerJoin(
      userOrganizationUnits,
      and(eq(userOrganizationUnits.organizationUnitId, sql`m.id`), eq(userOrganizationUnits.userId, userId)),
    )
    .where(inTenant(organizationUnits.tenantId, tenantId));
  return rows.map((row) => row.id);
}
