import { DEFAULT_LOW_BATTERY_THRESHOLD_PERCENT } from '@homeward/contracts';
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { citizenDeviceSettings } from '../citizens/citizens.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';

/**
 * The low-battery alarm rule's threshold, in one place: the citizen's app setting for the watch,
 * else the product's default app settings, else `DEFAULT_LOW_BATTERY_THRESHOLD_PERCENT`. The
 * telemetry pipeline reads the stored part with each batch's live-state update, alarm raising reads
 * it for a single device; both raise and clear against `lowBatteryThresholdOf`.
 */

/**
 * `"table"."column"` whatever the statement: drizzle leaves a column unqualified in a one-table
 * select, which inside a correlated subquery would name the subquery's own table.
 */
const qualified = (table: PgTable, column: Column) => sql`${table}.${sql.identifier(column.name)}`;

const thresholdIn = (settings: SQL) => sql`(${settings} ->> 'lowBatteryThresholdPercent')::int`;

/**
 * The stored threshold of the `devices` row in scope, as correlated subqueries (a primary-key probe
 * each): null when neither the citizen's settings for the watch nor its product's set one. Fits a
 * query built with drizzle on `devices` and a hand-written statement on `devices` alike.
 */
export const storedLowBatteryThreshold: SQL<number | null> = sql<number | null>`coalesce(
  (select ${thresholdIn(qualified(citizenDeviceSettings, citizenDeviceSettings.settings))}
    from ${citizenDeviceSettings}
    where ${qualified(citizenDeviceSettings, citizenDeviceSettings.deviceId)} = ${qualified(devices, devices.id)}
      and ${qualified(citizenDeviceSettings, citizenDeviceSettings.citizenId)} = ${qualified(devices, devices.citizenId)}),
  (select ${thresholdIn(qualified(products, products.defaultAppSettings))}
    from ${products}
    where ${qualified(products, products.id)} = ${qualified(devices, devices.productId)}))`;

/** The threshold in force for a device: its stored one, else the shipped default. */
export function lowBatteryThresholdOf(stored: number | null): number {
  return stored ?? DEFAULT_LOW_BATTERY_THRESHOLD_PERCENT;
}
