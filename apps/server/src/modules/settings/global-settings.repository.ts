import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { settings } from './settings.schema';

/**
 * Host-wide (provider `G`) setting values, read by jobs and pipelines that run outside a request
 * (no tenant or user to resolve for). Platform code gets `readGlobalSetting` passed in by the
 * composition root (`buildApp`, `main.ts`) rather than importing this module.
 */

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
