import type { VitalMeasure, VitalOutOfRange, VitalThresholdFields } from '@homeward/contracts';
import { sql, type Column } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import {
  arrayOf,
  columnName,
  columnNames,
  inList,
  type ArrayElementType,
} from '../../platform/db/query-helpers';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { alarmHistory, alarms } from '../alarms/alarms.schema';
import type { VitalValues } from './vital-values';
import { citizenVitalThresholds, vitalReadings } from './vitals.schema';

/** A reading as the pipeline stores it. */
export interface NewVitalReading {
  tenantId: string | null;
  deviceId: string;
  citizenId: string | null;
  at: Date;
  receivedAt: Date;
  values: VitalValues;
}

const COLUMNS: Record<VitalMeasure, Column> = {
  heartRate: vitalReadings.heartRate,
  spo2: vitalReadings.spo2,
  systolic: vitalReadings.systolic,
  diastolic: vitalReadings.diastolic,
  temperature: vitalReadings.temperature,
};
const MEASURES = Object.keys(COLUMNS) as VitalMeasure[];

/** The batch's tenant (the transaction is scoped to it as well). */
const tenantIs = (column: Column, tenantId: string | null) =>
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
  const r = vitalReadings;
  // Each inserted column with its values, in the insert's order.
  const columns: [Column, (string | number | null)[], ArrayElementType][] = [
    [r.id, rows.map(() => uuidv7()), 'uuid'],
    [r.tenantId, of((row) => row.tenantId), 'uuid'],
    [r.deviceId, of((row) => row.deviceId), 'uuid'],
    [r.citizenId, of((row) => row.citizenId), 'uuid'],
    [r.at, of((row) => row.at.toISOString()), 'timestamptz'],
    [r.receivedAt, of((row) => row.receivedAt.toISOString()), 'timestamptz'],
    ...MEASURES.map((measure): [Column, (number | null)[], ArrayElementType] => [
      COLUMNS[measure],
      of((row) => row.values[measure]) as (number | null)[],
      'float8',
    ]),
  ];
  const measures = MEASURES.map((measure) => COLUMNS[measure]);
  // `${column}` is the stored row's value here, `excluded.<column>` the new reading's.
  const merged = measures.map(
    (column) => sql`${columnName(column)} = coalesce(${column}, excluded.${columnName(column)})`,
  );
  const adds = measures.map(
    (column) => sql`(${column} is null and excluded.${columnName(column)} is not null)`,
  );
  const stored = await selectRows<{ device_id: string }>(
    db,
    sql`insert into ${r} (${columnNames(...columns.map(([column]) => column))})
        select * from unnest(${sql.join(
          columns.map(([, values, type]) => arrayOf(values, type)),
          sql`, `,
        )})
        on conflict (${columnNames(r.deviceId, r.at)}) do update set ${sql.join(merged, sql`, `)}
          where ${sql.join(adds, sql` or `)}
        returning ${r.deviceId} as device_id`,
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
  const t = citizenVitalThresholds;
  const rows = await selectRows<VitalThresholdFields & { citizenId: string }>(
    db,
    sql`select ${t.citizenId} as "citizenId", ${t.heartRateMin} as "heartRateMin",
          ${t.heartRateMax} as "heartRateMax", ${t.spo2Min} as "spo2Min", ${t.systolicMax} as "systolicMax",
          ${t.temperatureMin} as "temperatureMin", ${t.temperatureMax} as "temperatureMax"
        from ${t}
        where ${inList(t.citizenId, citizenIds)} and ${tenantIs(t.tenantId, tenantId)}`,
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
  const h = alarmHistory;
  const rows = await selectRows<{ device_id: string; out_of_range: VitalOutOfRange[] | null }>(
    db,
    sql`select ${alarms.deviceId} as device_id,
          (select ${h.detail} -> 'outOfRange' from ${h}
            where ${h.alarmId} = ${alarms.id} and ${h.action} in ('created', 'repeated')
            order by ${h.at} desc, ${h.id} desc limit 1) as out_of_range
        from ${alarms}
        where ${inList(alarms.deviceId, deviceIds)} and ${alarms.kind} = 'vitals'
          and ${alarms.state} in ('open', 'acknowledged') and ${tenantIs(alarms.tenantId, tenantId)}`,
  );
  return new Map(rows.map((row) => [row.device_id, (row.out_of_range ?? []).map((entry) => entry.measure)]));
}

/** Deletes the readings taken before the cutoff (the position retention); answers how many. */
export async function deleteVitalReadingsBefore(db: Database, cutoff: Date): Promise<number> {
  const rows = await selectRows<{ deleted: number }>(
    db,
    sql`with deleted as (delete from ${vitalReadings} where ${vitalReadings.at} < ${cutoff.toISOString()}::timestamptz returning 1)
        select count(*)::int as deleted from deleted`,
  );
  return Number(rows[0]?.deleted ?? 0);
}
