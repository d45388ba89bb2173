import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';
import { devicePositions } from '../telemetry/telemetry.schema';

/** The watch, if it is the tenant's. */
export async function deviceExists(
  db: Database,
  tenantId: string | null,
  deviceId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.id, deviceId)));
  return row !== undefined;
}

export interface BatteryBucketRow {
  /** Start of the bucket, seconds since the epoch. */
  at: number;
  battery: number;
  min: number;
  max: number;
}

export interface BatteryReadingRow {
  at: number;
  battery: number;
}

export interface BatteryWindow {
  tenantId: string | null;
  deviceId: string;
  from: Date;
  to: Date;
  bucketSeconds: number;
}

/** The window's reports that carried a battery level; the time range prunes to its partitions. */
function inWindow(window: BatteryWindow) {
  return sql`${inTenant(devicePositions.tenantId, window.tenantId)}
    and ${devicePositions.deviceId} = ${window.deviceId}
    and ${devicePositions.deviceTime} >= ${window.from.toISOString()}::timestamptz
    and ${devicePositions.deviceTime} < ${window.to.toISOString()}::timestamptz
    and ${devicePositions.battery} is not null`;
}

/**
 * The window's battery reports in equal buckets starting at `from` (date_bin), each with the
 * average, lowest and highest level: at most the window divided by the bucket width rows, however
 * often the watch reported.
 */
export async function findBatteryBuckets(db: Database, window: BatteryWindow): Promise<BatteryBucketRow[]> {
  return selectRows<BatteryBucketRow>(
    db,
    sql`select extract(epoch from date_bin(make_interval(secs => ${window.bucketSeconds}),
              ${devicePositions.deviceTime}, ${window.from.toISOString()}::timestamptz))::float8 as at,
            avg(${devicePositions.battery})::float8 as battery,
            min(${devicePositions.battery})::float8 as min,
            max(${devicePositions.battery})::float8 as max
        from ${devicePositions}
        where ${inWindow(window)}
        group by 1
        order by 1`,
  );
}

/** The window's last report with a battery level, and its lowest one (the latest of equals). */
export async function findBatteryExtremes(
  db: Database,
  window: BatteryWindow,
): Promise<{ latest: BatteryReadingRow | null; lowest: BatteryReadingRow | null }> {
  const reading = (order: ReturnType<typeof sql>) =>
    selectRows<BatteryReadingRow>(
      db,
      sql`select extract(epoch from ${devicePositions.deviceTime})::float8 as at,
              ${devicePositions.battery}::float8 as battery
          from ${devicePositions}
          where ${inWindow(window)}
          order by ${order}
          limit 1`,
    );
  const [latest] = await reading(sql`${devicePositions.deviceTime} desc`);
  const [lowest] = await reading(sql`${devicePositions.battery} asc, ${devicePositions.deviceTime} desc`);
  return { latest: latest ?? null, lowest: lowest ?? null };
}
