import type { VitalMeasure, VitalOutOfRange, VitalThresholdFields } from '@homeward/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { arrayOf, type ArrayElementType } from '../../platform/db/query-helpers';
import { uuidv7 } from '../../platform/db/uuid-v7';
import type { VitalValues } from './vital-values';

/** A reading as the pipeline stores it. */
export interface NewVitalReading {
  tenantId: string | null;
  deviceId: string;
  citizenId: string | null;
  at: Date;
  receivedAt: Date;
  values: VitalValues;
}

const COLUMNS: Record<VitalMeasure, string> = {
  heartRate: 'heart_rate',
  spo2: 'spo2',
  systolic: 'systolic',
  diastolic: 'diastolic',
  temperature: 'temperature',
};
const MEASURES = Object.keys(COLUMNS) as VitalMeasure[];

/** The batch's tenant (the transaction is scoped to it as well). */
const tenantIs = (column: SQL, tenantId: string | null) =>
  tenantId === null ? sql`${column} is null` : sql`${column} = ${tenantId}`;

/**
 * Stores a batch's readings in one statement (one array a column, unnested side by side, as the
 * positions are). A reading of a device and moment stored already only fills the measures its row
 * lacks (two frames of one moment make one row); one adding nothing (a resent frame) changes
 * nothing. Answers the devices whose reading stored something new: only those may raise or clear
 * an alarm, so a retransmission is not counted again.
 */
export async function insertVitalReadings(db: Database, rows: NewVitalReading[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const of = (value: (row: NewVitalReading) => string | number | null | undefined) =>
    rows.map((row) => value(row) ?? null);
  const columns: [(string | number | null)[], ArrayElementType][] = [
    [rows.map(() => uuidv7()), 'uuid'],
    [of((row) => row.tenantId), 'uuid'],
    [of((row) => row.deviceId), 'uuid'],
    [of((row) => row.citizenId), 'uuid'],
    [of((row) => row.at.toISOString()), 'timestamptz'],
    [of((row) => row.receivedAt.toISOString()), 'timestamptz'],
    ...MEASURES.map((measure): [(number | null)[], ArrayElementType] => [
      of((row) => row.values[measure]) as (number | null)[],
      'float8',
    ]),
  ];
  const names = MEASURES.map((measure) => COLUMNS[measure]);
  const merged = names.map((name) => sql.raw(`${name} = coalesce(r.${name}, excluded.${name})`));
  const adds = names.map((name) => sql.raw(`(r.${name} is null and excluded.${name} is not null)`));
  const stored = await selectRows<{ device_id: string }>(
    db,
    sql`insert into vital_readings as r (id, tenant_id, device_id, citizen_id, at, received_at,
          ${sql.raw(names.join(', '))})
        select * from unnest(${sql.join(
          columns.map(([values, type]) => arrayOf(values, type)),
          sql`, `,
        )})
        on conflict (device_id, at) do update set ${sql.join(merged, sql`, `)}
          where ${sql.join(adds, sql` or `)}
        returning r.device_id`,
  );
  return new Set(stored.map((row) => row.device_id));
}

/** The thresholds of the given citizens, by citizen (those without are left out). */
export async function findThresholdsOf(
  db: Database,
  tenantId: string | null,
  citizenIds: string[],
): Promise<Map<string, VitalThresholdFields>> {
  if (citizenIds.length === 0) return new Map();
  const rows = await selectRows<VitalThresholdFields & { citizenId: string }>(
    db,
    sql`select citizen_id as "citizenId", heart_rate_min as "heartRateMin", heart_rate_max as "heartRateMax",
          spo2_min as "spo2Min", systolic_max as "systolicMax", temperature_min as "temperatureMin",
          temperature_max as "temperatureMax"
        from citizen_vital_thresholds
        where citizen_id = any(${arrayOf(citizenIds)}) and ${tenantIs(sql`tenant_id`, tenantId)}`,
  );
  return new Map(rows.map(({ citizenId, ...thresholds }) => [citizenId, thresholds]));
}

/**
 * The active `vitals` alarms of the given devices, with the measures its last occurrence had out
 * of range (the `created`/`repeated` history entry's detail): what a reading must bring back
 * within the limits to clear it.
 */
export async function findActiveVitalsAlarms(
  db: Database,
  tenantId: string | null,
  deviceIds: string[],
): Promise<Map<string, VitalMeasure[]>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await selectRows<{ device_id: string; out_of_range: VitalOutOfRange[] | null }>(
    db,
    sql`select a.device_id,
          (select h.detail -> 'outOfRange' from alarm_history h
            where h.alarm_id = a.id and h.action in ('created', 'repeated')
            order by h.at desc, h.id desc limit 1) as out_of_range
        from alarms a
        where a.device_id = any(${arrayOf(deviceIds)}) and a.kind = 'vitals'
          and a.state in ('open', 'acknowledged') and ${tenantIs(sql`a.tenant_id`, tenantId)}`,
  );
  return new Map(rows.map((row) => [row.device_id, (row.out_of_range ?? []).map((entry) => entry.measure)]));
}

/** Deletes the readings taken before the cutoff (the position retention); answers how many. */
export async function deleteVitalReadingsBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await selectRows<{ deleted: number }>(
    db,
    sql`with deleted as (delete from vital_readings where at < ${cutoff.toISOString()}::timestamptz returning 1)
        select count(*)::int as deleted from deleted`,
  );
  return Number(rows[0]?.deleted ?? 0);
}
