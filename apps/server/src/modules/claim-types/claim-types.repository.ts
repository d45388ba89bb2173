import { and, count, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { roleClaims } from '../roles/roles.schema';
import { userClaims } from '../users/users.schema';
import { claimTypes, type ClaimTypeRow } from './claim-types.schema';
import { likePattern, type PageRequest } from '../../platform/db/query-helpers';

/**
 * Claim types repository. Claim types belong to the host and are shared by all tenants, so these
 * queries have no tenant filter; the routes are host-only.
 */

export const CLAIM_TYPE_SORT_COLUMNS = {
  name: claimTypes.name,
  valueType: claimTypes.valueType,
  createdAt: claimTypes.createdAt,
};
export const CLAIM_TYPE_DEFAULT_ORDER = sql`${claimTypes.name} asc`;

export async function findClaimTypes(db: Database, page: PageRequest, orderBy: SQL) {
  const pattern = page.filter ? likePattern(page.filter) : undefined;
  const where = pattern
    ? or(ilike(claimTypes.name, pattern), ilike(claimTypes.description, pattern))
    : undefined;
  const rows = await db
    .select()
    .from(claimTypes)
    .where(where)
    .orderBy(orderBy, claimTypes.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(claimTypes).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findAllClaimTypes(db: Database): Promise<ClaimTypeRow[]> {
  return db.select().from(claimTypes).orderBy(claimTypes.name);
}

export async function findClaimType(db: Database, id: string): Promise<ClaimTypeRow | undefined> {
  const [row] = await db.select().from(claimTypes).where(eq(claimTypes.id, id));
  return row;
}

/** Claim types by name, case-insensitively (names are unique that way). */
export async function findClaimTypesByNames(db: Database, names: string[]): Promise<ClaimTypeRow[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(claimTypes)
    .where(
      inArray(
        sql`lower(${claimTypes.name})`,
        names.map((name) => name.toLowerCase()),
      ),
    );
}

export async function isClaimTypeNameTaken(db: Database, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: claimTypes.id })
    .from(claimTypes)
    .where(
      and(
        eq(sql`lower(${claimTypes.name})`, name.toLowerCase()),
        exceptId ? ne(claimTypes.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export async function insertClaimType(db: Database, values: typeof claimTypes.$inferInsert) {
  const [row] = await db.insert(claimTypes).values(values).returning();
  return row!;
}

export async function updateClaimType(
  db: Database,
  id: string,
  values: Partial<typeof claimTypes.$inferInsert>,
) {
  const [row] = await db.update(claimTypes).set(values).where(eq(claimTypes.id, id)).returning();
  return row!;
}

/** A rename carries over to the claims that use the type, in every tenant. */
export async function renameClaimsOfType(db: Database, from: string, to: string): Promise<void> {
  await db.update(roleClaims).set({ claimType: to }).where(eq(roleClaims.claimType, from));
  await db.update(userClaims).set({ claimType: to }).where(eq(userClaims.claimType, from));
}

/** Deletes the type and the claims that use it (claims refer to types by name, without a key). */
export async function deleteClaimType(db: Database, row: ClaimTypeRow): Promise<void> {
  await db.delete(roleClaims).where(eq(roleClaims.claimType, row.name));
  await db.delete(userClaims).where(eq(userClaims.claimType, row.name));
  await db.delete(claimTypes).where(eq(claimTypes.id, row.id));
}
