import { and, asc, count, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { FEATURE_NAMES, type TenantKind } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import type { PageRequest } from '../../platform/db/query-helpers';
import { TENANT_NAME_WORDS, tenants } from './tenants.schema';

/**
 * Tenants repository. Tenants are host rows: only host users reach these queries (the routes'
 * permissions are host-only), so they are not limited to one tenant. A household's owner and a
 * tenant's watches live in rows the host's scope cannot see; narrow SECURITY DEFINER functions of
 * migration 0046 answer just those.
 */

// Qualified by hand: drizzle leaves columns unqualified, and inside a subquery a bare "id" would be
// the other table's.
const tenantColumns = {
  id: tenants.id,
  name: tenants.name,
  kind: tenants.kind,
  cvr: tenants.cvr,
  comment: tenants.comment,
  createdAt: tenants.createdAt,
  // Read through a narrow cross-tenant function: the host's scope does not see tenant rows.
  nationalLogin: sql<boolean>`coalesce(homeward_tenant_feature_value("tenants"."id", ${FEATURE_NAMES.nationalLogin}) = 'true', false)`,
  owner: sql<{
    id: string;
    name: string | null;
    email: string;
  } | null>`(select json_build_object('id', o.user_id, 'name', o.name, 'email', o.email) from homeward_household_owner("tenants"."id") o)`,
  watchCount: sql<number>`homeward_tenant_watch_count("tenants"."id")`,
};

/** Sorting by name is by lower(name), as the name indexes are (tenants_name_unique, per kind). */
export const TENANT_SORT_COLUMNS = {
  name: sql`lower(${tenants.name})`,
  kind: tenants.kind,
  createdAt: tenants.createdAt,
};
export const TENANT_DEFAULT_ORDER = sql`lower(${tenants.name}) asc`;

export interface TenantPageRequest extends PageRequest {
  kind?: TenantKind;
}

/**
 * The filter as a prefix query over the words of a name: every word of it must start a word of the
 * name ('hanne hans' finds "Hanne Hansen"). Words are letters and digits only, so the text can
 * never be tsquery syntax; null when it has none.
 */
export function nameWordsQuery(filter: string): string | null {
  const words = filter.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length ? words.map((word) => `'${word}':*`).join(' & ') : null;
}

/**
 * The search: a word of the tenant's name starts with each word of the text (a household is named
 * after its owner), or a household owner's e-mail or name starts with the text. Both use indexes
 * (tenants_name_words_idx; the owner's pattern indexes through `homeward_households_by_owner`).
 */
function searchOf(filter: string | undefined): SQL | undefined {
  if (!filter) return undefined;
  const prefix = filter.toUpperCase().replace(/[\\%_]/g, (char) => `\\${char}`);
  const words = nameWordsQuery(filter);
  return or(
    words ? sql`${TENANT_NAME_WORDS} @@ to_tsquery('simple', ${words})` : undefined,
    sql`${tenants.id} = any(array(select homeward_households_by_owner(${prefix})))`,
  );
}

/**
 * One page of tenants. The page's ids are found first on the narrow table and only those rows get
 * their owner, watch count and features (a deferred join), so a deep page costs one index walk.
 * With a search, its matches are read first (`offset 0` keeps the planner from walking the name
 * index and testing every row against the search in the hope of 25 early matches: a rare word
 * would then cost all 100,000 rows) and only the matches are sorted.
 */
export async function findTenants(db: Database, page: TenantPageRequest, orderBy: SQL) {
  const where = and(page.kind ? eq(tenants.kind, page.kind) : undefined, searchOf(page.filter));
  const source = page.filter
    ? sql`(select * from ${tenants} where ${where} offset 0) as "tenants"`
    : sql`${tenants}${where ? sql` where ${where}` : sql``}`;
  const pageIds = sql`select "tenants"."id" from ${source} order by ${orderBy}, "tenants"."id" limit ${page.maxResultCount} offset ${page.skipCount}`;
  const rows = await db
    .select(tenantColumns)
    .from(tenants)
    .where(sql`${tenants.id} in (${pageIds})`)
    .orderBy(orderBy, tenants.id);
  const [total] = await db.select({ value: count() }).from(tenants).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** Every organization by name, and the tenant `includeId` whatever its kind (the tenant filter). */
export async function findTenantLookup(db: Database, includeId?: string) {
  return db
    .select({ id: tenants.id, name: tenants.name, kind: tenants.kind })
    .from(tenants)
    .where(or(eq(tenants.kind, 'organization'), includeId ? eq(tenants.id, includeId) : undefined))
    .orderBy(asc(tenants.name));
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

/** The household (a tenant of kind `household`) and its owner; undefined for any other tenant. */
export async function findHousehold(db: Database, tenantId: string) {
  const [row] = await db
    .select({ id: tenants.id, ownerUserId: tenants.ownerUserId })
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.kind, 'household')));
  return row;
}

/** The household a user owns, if any (the way from an owner to their household). */
export async function findOwnedHousehold(db: Database, ownerUserId: string) {
  const [row] = await db
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(and(eq(tenants.ownerUserId, ownerUserId), eq(tenants.kind, 'household')));
  return row;
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
