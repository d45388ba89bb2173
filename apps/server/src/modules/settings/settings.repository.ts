import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { SettingProvider } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { settings } from './settings.schema';

/** Whose values a lookup may see: the host's, the caller's tenant's and the caller's own. */
export interface SettingScope {
  tenantId: string | null;
  userId: string | null;
}

export interface StoredSetting {
  name: string;
  value: string;
  providerName: SettingProvider;
}

/**
 * The stored values of the given settings for a scope: host-wide (`G`, no key), the scope's tenant
 * (`T`) and the scope's user (`U`). Other tenants' and users' rows are never selected.
 */
export async function findSettingValues(
  db: Database,
  names: readonly string[],
  scope: SettingScope,
): Promise<StoredSetting[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: settings.name, value: settings.value, providerName: settings.providerName })
    .from(settings)
    .where(
      and(
        inArray(settings.name, [...names]),
        or(
          and(eq(settings.providerName, 'G'), isNull(settings.providerKey)),
          scope.tenantId
            ? and(eq(settings.providerName, 'T'), eq(settings.providerKey, scope.tenantId))
            : undefined,
          scope.userId
            ? and(eq(settings.providerName, 'U'), eq(settings.providerKey, scope.userId))
            : undefined,
        ),
      ),
    );
  return rows.filter((row): row is StoredSetting => ['G', 'T', 'U'].includes(row.providerName));
}

/** Where one value is written: the level, its key (tenant or user id) and the owning tenant. */
export interface SettingTarget {
  providerName: 'G' | 'T';
  /** Null for `G`; the tenant id for `T`. */
  providerKey: string | null;
  tenantId: string | null;
}

/** Stores a value at a level, replacing the one there. */
export async function upsertSettingValue(
  db: Database,
  target: SettingTarget,
  name: string,
  value: string,
  now: Date,
): Promise<void> {
  await db
    .insert(settings)
    .values({ name, value, ...target, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [settings.name, settings.providerName, settings.providerKey],
      set: { value: sql`excluded.value`, updatedAt: now },
    });
}

/** Removes the value stored at a level, so the inherited one applies again. */
export async function deleteSettingValue(db: Database, target: SettingTarget, name: string): Promise<void> {
  await db
    .delete(settings)
    .where(
      and(
        eq(settings.name, name),
        eq(settings.providerName, target.providerName),
        target.providerKey === null
          ? isNull(settings.providerKey)
          : eq(settings.providerKey, target.providerKey),
        target.tenantId === null ? isNull(settings.tenantId) : eq(settings.tenantId, target.tenantId),
      ),
    );
}
