import type { Database } from '../../platform/db/database';
import { deleteVitalReadingsBefore } from './vital-readings.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Vital readings are kept as long as positions (the `Homeward.Telemetry.PositionRetentionDays`
 * setting, 90 days by default): the daily position partition job (`telemetry-jobs.ts`) calls this
 * with that retention to delete the older ones. A delete rather than partitions: a watch sends a few readings an hour
 * against a position a minute, so the rows are few, and the BRIN index on `at` finds the old ones.
 * Runs on the process database (a background job, every tenant). Answers how many were deleted.
 */
export async function deleteExpiredVitalReadings(
  db: Database,
  now: Date,
  retentionDays: number,
): Promise<number> {
  return deleteVitalReadingsBefore(db, new Date(now.getTime() - retentionDays * DAY_MS));
}
