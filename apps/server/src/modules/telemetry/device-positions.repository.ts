import { sql, type Column } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, columnName, columnNames, type ArrayElementType } from '../../platform/db/query-helpers';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { devicePositions } from './telemetry.schema';

/** A position row as the pipeline inserts it. */
export type NewDevicePosition = typeof devicePositions.$inferInsert;

/** What became of a batch's positions, by dedupe key (`dedupeKeyOf`). */
export interface StoredPositions {
  stored: Set<string>;
  /** Older than the oldest position partition (past the retention): not stored, nothing failed. */
  expired: Set<string>;
}

/**
 * The first moment the oldest monthly partition of `device_positions` holds (partitions are named
 * `device_positions_yYYYYmMM`, UTC months; `position-partitions.ts`), or -infinity when there is
 * none (then the insert fails as it would have). Read from the catalogue in the insert itself, so
 * it is exactly what exists, whatever the retention setting and however late the partition job.
 */
const OLDEST_PARTITION_START = sql`(select coalesce(
      make_date(substr(min(c.relname), 19, 4)::int, substr(min(c.relname), 24, 2)::int, 1)::timestamp
        at time zone 'UTC', '-infinity'::timestamptz)
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'device_positions'::regclass
      and c.relname ~ '^device_positions_y[0-9]{4}m[0-9]{2}$')`;

/**
 * Only a row this much older than its receipt can be older than the oldest partition: the retention
 * is whole days (one at least) and the partition job keeps every month from its cutoff, with half a
 * day to spare for clocks. Only a batch holding such a row reads the catalogue (about 20 µs of
 * PostgreSQL's CPU); a live batch's INSERT costs what it did.
 */
const MAY_BE_EXPIRED_MS = 12 * 60 * 60 * 1000;

/**
 * Stores a batch's positions in one statement, skipping those stored already (dedupe on device,
 * device time, kind) and those older than every partition (an old report past the retention: a
 * row no partition holds would fail the batch, and its month would be dropped anyway); answers
 * which were stored and which were too old. The rows go as one array a column, unnested side by
 * side.
 */
export async function insertDevicePositions(
  db: Database,
  rows: NewDevicePosition[],
): Promise<StoredPositions> {
  if (rows.length === 0) return { stored: new Set(), expired: new Set() };
  const ids = rows.map((row) => row.id ?? uuidv7());
  const of = (value: (row: NewDevicePosition) => string | number | null | undefined) =>
    rows.map((row) => value(row) ?? null);
  const p = devicePositions;
  // Each inserted column with its values, in the insert's order.
  const columns: [Column, (string | number | null)[], ArrayElementType][] = [
    [p.id, ids, 'uuid'],
    [p.tenantId, of((row) => row.tenantId), 'uuid'],
    [p.deviceId, of((row) => row.deviceId), 'uuid'],
    [p.deviceTime, of((row) => row.deviceTime.toISOString()), 'timestamptz'],
    [p.receivedAt, of((row) => row.receivedAt.toISOString()), 'timestamptz'],
    [p.kind, of((row) => row.kind), 'text'],
    [p.protocol, of((row) => row.protocol), 'text'],
    [p.source, of((row) => row.source), 'text'],
    [p.latitude, of((row) => row.latitude), 'float8'],
    [p.longitude, of((row) => row.longitude), 'float8'],
    [p.accuracyMeters, of((row) => row.accuracyMeters), 'float8'],
    [p.speedKnots, of((row) => row.speedKnots), 'float8'],
    [p.bearing, of((row) => row.bearing), 'float8'],
    [p.altitude, of((row) => row.altitude), 'float8'],
    [p.battery, of((row) => row.battery), 'float8'],
    [p.valid, of((row) => String(row.valid ?? true)), 'bool'],
  ];
  const names = columnNames(...columns.map(([column]) => column));
  const mayBeExpired = rows.some(
    (row) => row.receivedAt.getTime() - row.deviceTime.getTime() > MAY_BE_EXPIRED_MS,
  );
  // The stored ids, then one row with the oldest partition's start (epoch ms; -Infinity for none).
  const answer = await selectRows<{ id: string | null; since_ms: number | string | null }>(
    db,
    sql`with since as (select ${mayBeExpired ? OLDEST_PARTITION_START : sql`'-infinity'::timestamptz`} as at),
        stored as (
          insert into ${p} (${names})
          select * from unnest(${sql.join(
            columns.map(([, values, type]) => arrayOf(values, type)),
            sql`, `,
          )}) as v(${names})
          where v.${columnName(p.deviceTime)} >= (select at from since)
          on conflict (${columnNames(p.deviceId, p.deviceTime, p.kind)}) do nothing
          returning ${p.id} as id)
        select id, null as since_ms from stored
        union all select null, date_part('epoch', at) * 1000 from since`,
  );
  const since = Number(answer.find((row) => row.id === null)?.since_ms ?? Number.NEGATIVE_INFINITY);
  const keys = rows.map((row) =>
    dedupeKeyOf({ deviceId: row.deviceId, deviceTime: row.deviceTime, kind: row.kind }),
  );
  const keyOf = new Map(ids.map((id, index) => [id, keys[index]!]));
  return {
    stored: new Set(answer.flatMap((row) => (row.id === null ? [] : [keyOf.get(row.id)!]))),
    expired: new Set(keys.filter((_, index) => rows[index]!.deviceTime.getTime() < since)),
  };
}

/** The dedupe key of a position row: device, device time, kind. */
export function dedupeKeyOf(row: { deviceId: string; deviceTime: Date; kind: string }): string {
  return `${row.deviceId}|${row.deviceTime.getTime()}|${row.kind}`;
}
