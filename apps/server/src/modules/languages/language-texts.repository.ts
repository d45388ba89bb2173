import { and, count, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { languageTexts } from './languages.schema';

/** Text overrides (host-owned, shared by every tenant): keyed by culture, namespace and key. */

/** Overrides of one culture, optionally of one namespace, as `namespace → key → value`. */
export async function findOverrides(
  db: Database,
  cultureName: string,
  namespace?: string,
): Promise<Map<string, Map<string, string>>> {
  const rows = await db
    .select({ namespace: languageTexts.namespace, key: languageTexts.key, value: languageTexts.value })
    .from(languageTexts)
    .where(
      and(
        eq(languageTexts.cultureName, cultureName),
        namespace ? eq(languageTexts.namespace, namespace) : undefined,
      ),
    );
  const byNamespace = new Map<string, Map<string, string>>();
  for (const row of rows) {
    const keys = byNamespace.get(row.namespace) ?? new Map<string, string>();
    keys.set(row.key, row.value);
    byNamespace.set(row.namespace, keys);
  }
  return byNamespace;
}

/** Changes whenever an override of the namespace is added, edited or removed. */
export async function overrideVersion(db: Database, cultureName: string, namespace: string) {
  const [row] = await db
    .select({ total: count(), latest: max(languageTexts.updatedAt) })
    .from(languageTexts)
    .where(and(eq(languageTexts.cultureName, cultureName), eq(languageTexts.namespace, namespace)));
  return `${row?.total ?? 0}:${row?.latest?.toISOString() ?? '-'}`;
}

export async function upsertOverride(
  db: Database,
  values: { cultureName: string; namespace: string; key: string; value: string; updatedAt: Date },
): Promise<void> {
  await db
    .insert(languageTexts)
    .values(values)
    .onConflictDoUpdate({
      target: [languageTexts.cultureName, languageTexts.namespace, languageTexts.key],
      set: { value: sql`excluded.value`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function deleteOverride(
  db: Database,
  where: { cultureName: string; namespace: string; key: string },
): Promise<void> {
  await db
    .delete(languageTexts)
    .where(
      and(
        eq(languageTexts.cultureName, where.cultureName),
        eq(languageTexts.namespace, where.namespace),
        eq(languageTexts.key, where.key),
      ),
    );
}

/** Removes a language's overrides along with the language. */
export async function deleteOverridesOfCulture(db: Database, cultureName: string): Promise<void> {
  await db.delete(languageTexts).where(eq(languageTexts.cultureName, cultureName));
}
