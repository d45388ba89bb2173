import { AUDITING_SETTINGS } from '@homeward/contracts';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { settings } from '../../modules/settings/settings.schema';

/** Days an audit entry is kept unless the setting says otherwise. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;

/** Which row holds the global (provider `G`) value of a setting. */
const isGlobalSetting = (name: string) =>
  and(eq(settings.name, name), eq(settings.providerName, 'G'), isNull(settings.tenantId));

/** The global (provider `G`) value of a setting, or undefined when none is stored. */
export async function readGlobalSetting(db: Database, name: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(isGlobalSetting(name))
    .limit(1);
  return row?.value;
}

/**
 * The same value as a scalar subquery, for a statement that reads a setting together with other
 * things in one round trip (the geofence engine's per-batch read).
 */
export function globalSettingValue(name: string): SQL {
  return sql`(select ${settings.value} from ${settings} where ${isGlobalSetting(name)} limit 1)`;
}

/**
 * Whether GET requests are audited too. Read at most once per `ttlMs`: every audit flush asks, and
 * a changed setting may take that long to apply.
 */
export function createGetRequestAuditing(db: Database, ttlMs = 5000, now: () => number = Date.now) {
  let cached: { value: boolean; readAt: number } | undefined;
  return async (): Promise<boolean> => {
    if (cached && now() - cached.readAt < ttlMs) return cached.value;
    const value = (await readGlobalSetting(db, AUDITING_SETTINGS.isEnabledForGetRequests)) === 'true';
    cached = { value, readAt: now() };
    return value;
  };
}

/** The retention in whole days; an unset or unusable value means the default. */
export async function readAuditRetentionDays(db: Database): Promise<number> {
  const value = Number(await readGlobalSetting(db, AUDITING_SETTINGS.retentionDays));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_AUDIT_RETENTION_DAYS;
}
