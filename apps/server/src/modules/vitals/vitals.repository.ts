import type { VitalMeasure, VitalThresholdFields } from '@homeward/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { selectRows, type Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { citizens } from '../citizens/citizens.schema';
import { citizenVitalThresholds, vitalReadings } from './vitals.schema';

/** The citizen, if it is the tenant's. */
export async function citizenExists(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: citizens.id })
    .from(citizens)
    .where(and(inTenant(citizens.tenantId, tenantId), eq(citizens.id, citizenId)));
  return row !== undefined;
}

export interface VitalsWindow {
  tenantId: string | null;
  citizenId: string;
  from: Date;
  to: Date;
  bucketSeconds: number;
}

const COLUMN: Record<VitalMeasure, AnyPgColumn> = {
  heartRate: vitalReadings.heartRate,
  spo2: vitalReadings.spo2,
  systolic: vitalReadings.systolic,
  diastolic: vitalReadings.diastolic,
  temperature: vitalReadings.temperature,
};

/** One bucket of one measure, `at` in seconds since the epoch. */
export interface VitalBucketRow {
  measure: VitalMeasure;
  at: number;
  value: number;
  min: number;
  max: number;
}

/**
 * The window's readings of the citizen in equal buckets from `from` (date_bin), each measure's
 * average, lowest and highest: at most the window divided by the bucket width rows a measure.
 * One scan of the citizen's index range; a measure without readings in a bucket gives no row.
 */
export async function findVitalBuckets(db: Database, window: VitalsWindow): Promise<VitalBucketRow[]> {
  const entries = Object.entries(COLUMN);
  const aggregates = entries.map(
    ([measure, column]) => sql`avg(${column})::float8 as ${sql.raw(`"${measure}_avg"`)},
      min(${column})::float8 as ${sql.raw(`"${measure}_min"`)},
      max(${column})::float8 as ${sql.raw(`"${measure}_max"`)}`,
  );
  const unpivot = entries.map(
    ([measure]) =>
      sql`(${measure}::text, ${sql.raw(`b."${measure}_avg", b."${measure}_min", b."${measure}_max"`)})`,
  );
  return selectRows<VitalBucketRow>(
    db,
    sql`with buckets as (
          select extract(epoch from date_bin(make_interval(secs => ${window.bucketSeconds}),
                   ${vitalReadings.at}, ${window.from.toISOString()}::timestamptz))::float8 as at,
                 ${sql.join(aggregates, sql`, `)}
          from ${vitalReadings}
          where ${inTenant(vitalReadings.tenantId, window.tenantId)}
            and ${vitalReadings.citizenId} = ${window.citizenId}
            and ${vitalReadings.at} >= ${window.from.toISOString()}::timestamptz
            and ${vitalReadings.at} < ${window.to.toISOString()}::timestamptz
          group by 1)
        select m.measure, b.at, m.value, m.min, m.max
        from buckets b
        cross join lateral (values ${sql.join(unpivot, sql`, `)}) as m(measure, value, min, max)
        where m.value is not null
        order by b.at`,
  );
}

/** Each measure's last reading of the citizen before `to`, `at` in seconds since the epoch. */
export async function findLatestVitals(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  to: Date,
): Promise<{ measure: VitalMeasure; at: number; value: number }[]> {
  const latest = Object.entries(COLUMN).map(
    ([measure, column]) => sql`(select ${measure}::text as measure,
        extract(epoch from ${vitalReadings.at})::float8 as at, ${column}::float8 as value
      from ${vitalReadings}
      where ${inTenant(vitalReadings.tenantId, tenantId)} and ${vitalReadings.citizenId} = ${citizenId}
        and ${vitalReadings.at} < ${to.toISOString()}::timestamptz and ${column} is not null
      order by ${vitalReadings.at} desc limit 1)`,
  );
  return selectRows(db, sql.join(latest, sql` union all `));
}

/** The citizen's thresholds, with when they were saved; null when none were. */
export async function findThresholds(
  db: Database,
  tenantId: string | null,
  citizenId: string,
): Promise<(VitalThresholdFields & { updatedAt: Date }) | null> {
  const [row] = await db
    .select({
      heartRateMin: citizenVitalThresholds.heartRateMin,
      heartRateMax: citizenVitalThresholds.heartRateMax,
      spo2Min: citizenVitalThresholds.spo2Min,
      systolicMax: citizenVitalThresholds.systolicMax,
      temperatureMin: citizenVitalThresholds.temperatureMin,
      temperatureMax: citizenVitalThresholds.temperatureMax,
      updatedAt: citizenVitalThresholds.updatedAt,
    })
    .from(citizenVitalThresholds)
    .where(
      and(
        inTenant(citizenVitalThresholds.tenantId, tenantId),
        eq(citizenVitalThresholds.citizenId, citizenId),
      ),
    );
  return row ?? null;
}

/** Saves the citizen's thresholds (insert or replace). */
export async function saveThresholds(
  db: Database,
  tenantId: string | null,
  citizenId: string,
  thresholds: VitalThresholdFields,
  now: Date,
): Promise<void> {
  await db
    .insert(citizenVitalThresholds)
    .values({ citizenId, tenantId, ...thresholds, updatedAt: now })
    .onConflictDoUpdate({
      target: citizenVitalThresholds.citizenId,
      set: { ...thresholds, updatedAt: now },
      setWhere: inTenant(citizenVitalThresholds.tenantId, tenantId),
    });
}
