import { and, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { likePattern, type PageRequest } from '../../platform/db/query-helpers';
import { languages, type LanguageRow } from './languages.schema';

/**
 * Languages repository. Languages belong to the host and are shared by all tenants, so these
 * queries have no tenant filter; the management routes are host-only.
 */

export const LANGUAGE_SORT_COLUMNS = {
  displayName: languages.displayName,
  cultureName: languages.cultureName,
  createdAt: languages.createdAt,
};
export const LANGUAGE_DEFAULT_ORDER = sql`${languages.displayName} asc`;

export async function findLanguages(db: Database, page: PageRequest, orderBy: SQL) {
  const pattern = page.filter ? likePattern(page.filter) : undefined;
  const where = pattern
    ? or(ilike(languages.displayName, pattern), ilike(languages.cultureName, pattern))
    : undefined;
  const rows = await db
    .select()
    .from(languages)
    .where(where)
    .orderBy(orderBy, languages.id)
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ value: count() }).from(languages).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findAllLanguages(db: Database): Promise<LanguageRow[]> {
  return db.select().from(languages).orderBy(languages.createdAt, languages.id);
}

export async function findLanguage(db: Database, id: string): Promise<LanguageRow | undefined> {
  const [row] = await db.select().from(languages).where(eq(languages.id, id));
  return row;
}

export async function findLanguageByCulture(db: Database, cultureName: string) {
  const [row] = await db
    .select()
    .from(languages)
    .where(eq(sql`lower(${languages.cultureName})`, cultureName.toLowerCase()));
  return row;
}

export async function isCultureNameTaken(db: Database, cultureName: string, exceptId?: string) {
  const [row] = await db
    .select({ id: languages.id })
    .from(languages)
    .where(
      and(
        eq(sql`lower(${languages.cultureName})`, cultureName.toLowerCase()),
        exceptId ? ne(languages.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function insertLanguage(db: Database, values: typeof languages.$inferInsert) {
  const [row] = await db.insert(languages).values(values).returning();
  return row!;
}

export async function updateLanguage(
  db: Database,
  id: string,
  values: Partial<typeof languages.$inferInsert>,
): Promise<LanguageRow | undefined> {
  const [row] = await db.update(languages).set(values).where(eq(languages.id, id)).returning();
  return row;
}

export async function deleteLanguage(db: Database, id: string): Promise<void> {
  await db.delete(languages).where(eq(languages.id, id));
}

/** Clears the current default first, so the single-default index never sees two. */
export async function makeDefault(db: Database, id: string): Promise<void> {
  await db
    .update(languages)
    .set({ isDefault: false })
    .where(and(eq(languages.isDefault, true), ne(languages.id, id)));
  await db.update(languages).set({ isDefault: true }).where(eq(languages.id, id));
}
