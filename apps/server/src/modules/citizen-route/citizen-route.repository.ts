import { and, eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { devices } from '../devices/devices.schema';
import { devicePositions } from '../telemetry/telemetry.schema';

/** The ids of the watches linked to the tenant's citizen now. */
export async function findLinkedDeviceIds(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(inTenant(devices.tenantId, tenantId), eq(devices.citizenId, citizenId)));
  return rows.map((row) => row.id);
}

export interface RouteFixRow {
  deviceId: string;
  /** Device time, epoch milliseconds. */
  at: number;
  lat: number;
  lon: number;
  accuracyMeters: number | null;
}

export interface RouteWindow {
  tenantId: string | null;
  deviceIds: string[];
  from: Date;
  to: Date;
}

/** The window's reports of the watches; the time range prunes to the month partitions it touches. */
function inWindow(window: RouteWindow) {
  return sql`${inTenant(devicePositions.tenantId, window.tenantId)}
    and ${devicePositions.deviceId} in (${sql.join(
      window.deviceIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    and ${devicePositions.deviceTime} >= ${window.from.toISOString()}::timestamptz
    and ${devicePositions.deviceTime} < ${window.to.toISOString()}::timestamptz`;
}

/**
 * The window's fixes (valid positions) ordered by device time, one per watch and instant (a watch's
 * alarm and position reports at one time carry the same place).
 */
export async function findRouteFixes(db: Database, window: RouteWindow): Promise<RouteFixRow[]> {
  if (window.deviceIds.length === 0) return [];
  return selectRows<RouteFixRow>(
    db,
    sql`select distinct on (${devicePositions.deviceTime}, ${devicePositions.deviceId})
            ${devicePositions.deviceId} as "deviceId",
            (extract(epoch from ${devicePositions.deviceTime}) * 1000)::float8 as at,
            ${devicePositions.latitude} as lat,
            ${devicePositions.longitude} as lon,
            ${devicePositions.accuracyMeters} as "accuracyMeters"
        from ${devicePositions}
        where ${inWindow(window)} and ${devicePositions.valid}
        order by ${devicePositions.deviceTime}, ${devicePositions.deviceId}`,
  );
}

/** How many reports in the window came without a fix. */
export async function countNoFixReports(db: Database, window: RouteWindow): Promise<number> {
  if (window.deviceIds.length === 0) return 0;
  const [row] = await selectRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${devicePositions}
        where ${inWindow(window)} and not ${devicePositions.valid}`,
  );
  return row?.count ?? 0;
}
