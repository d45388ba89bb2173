import { DEFAULT_POSITION_RETENTION_DAYS, TELEMETRY_SETTINGS } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { readGlobalSetting } from '../settings';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Months created ahead, so a missed run (a stopped worker) never leaves reports without a partition. */
const MONTHS_AHEAD = 2;

/** The retention in whole days; an unset or unusable value means the default (90). */
export async function readPositionRetentionDays(db: Database): Promise<number> {
  const value = Number(await readGlobalSetting(db, TELEMETRY_SETTINGS.positionRetentionDays));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_POSITION_RETENTION_DAYS;
}

/**
 * Keeps `device_positions`' monthly partitions in step with the clock: creates the months from the
 * retention cutoff to two months ahead (the migration's `homeward_ensure_device_position_partitions`,
 * idempotent and safe with several workers), and drops every month whose rows are all older than
 * the cutoff. Dropping a partition is instant and leaves no dead rows, which is why positions are
 * partitioned at all. Old reports keep their device time (`device-time.ts`), so every month within
 * the retention must exist; a position older than the oldest partition is not stored (the insert
 * skips it, `insertDevicePositions`). Returns the partitions created and dropped.
 */
export async function maintainPositionPartitions(
  db: Database,
  now: Date,
): Promise<{ created: number; dropped: string[] }> {
  const days = await readPositionRetentionDays(db);
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1));
  const [ensured] = await selectRows<{ created: number }>(
    db,
    sql`select homeward_ensure_device_position_partitions(${cutoff.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz) as created`,
  );
  const dropped = await selectRows<{ name: string }>(
    db,
    sql`select homeward_drop_device_position_partitions(${cutoff.toISOString()}::timestamptz) as name`,
  );
  return { created: Number(ensured?.created ?? 0), dropped: dropped.map((row) => row.name) };
}

/** The partitions of `device_positions`, oldest first (tests and the README's operations notes). */
export async function listPositionPartitions(db: Database): Promise<string[]> {
  const rows = await selectRows<{ name: string }>(
    db,
    sql`select child.relname as name from pg_inherits
        join pg_class child on child.oid = pg_inherits.inhrelid
        where pg_inherits.inhparent = 'device_positions'::regclass order by 1`,
  );
  return rows.map((row) => row.name);
}
