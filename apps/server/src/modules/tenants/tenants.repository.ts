import { and, asc, count, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import { FEATURE_NAMES } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { likePattern, type PageRequest } from '../../platform/db/query-helpers';
import { tenants } from './tenants.schema';

/**
 * Tenants repository. Tenants are host rows: only host users reach these queries (the routes'
 * permissions are host-only), so they are not limited to one tenant.
 */

const tenantColumns = {
  id: tenants.id,
  name: tenants.name,
  cvr: tenants.cvr,
  comment: tenants.comment,
  createdAt: tenants.createdAt,
  // Qualified by hand: drizzle leaves columns unqualified, and inside the subquery a bare "id"
  // would be the feature row's.
  // Read through a narrow cross-tenant function: the host's scope does not see tenant rows.
  nationalLogin: sql<boolean>`coalesce(homeward_tenant_feature_value("tenants"."id", ${FEATURE_NAMES.nationalLogin}) = 'true', false)`,
};

export const TENANT_SORT_COLUMNS = { name: tenants.name, createdAt: tenants.createdAt };
export const TENANT_DEFAULT_ORDER = sql`${tenants.name} asc`;

export async function findTenants(db: Database, page: PageRequest, orderBy: SQL) {
  const where = page.filter ? ilike(tenants.name, likePattern(page.filter)) : undefined;
  const rows = await db
    .select(tenantColumns)
    .from(tenants)
    .where(where)
    .orderBy(orderBy, tenants.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(tenants).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findTenantLookup(db: Database) {
  return db.select({ id: tenants.id, name: tenants.name }).from(tenants).orderBy(asc(tenants.name));
}

export async function findTenant(db: Database, id: string) {
  const [row] = await db.select(tenantColumns).from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function isTenantNameTaken(db: Database, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(
      and(sql`lower(${tenants.name}) = lower(${name})`, exceptId ? ne(tenants.id, exceptId) : undefined),
    );
  return row !== undefined;
}

export async function insertTenant(db: Database, values: typeof tenants.$inferInsert): Promise<string> {
  const [row] = await db.insert(tenants).values(values).returning({ id: tenants.id });
  return row!.id;
}

export async function updateTenant(
  db: Database,
  id: string,
  values: Partial<typeof tenants.$inferInsert>,
): Promise<void> {
  await db.update(tenants).set(values).where(eq(tenants.id, id));
}

/** Deletes the tenant; its users, roles, devices, features and other rows cascade. */
export async function deleteTenant(db: Database, id: string): Promise<void> {
  await db.delete(tenants).where(eq(tenants.id, id));
}
