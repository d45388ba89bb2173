import type { Database } from '../../platform/db/database';
import { startIntervalJob, type JobLogger } from '../../platform/jobs/interval-job';
import type { AlarmLinkBases } from '../alarm-texts';
import { failUnacknowledgedCommands } from '../device-commands';
import { deleteExpiredVitalReadings } from '../vitals';
import { markOfflineDevices } from './offline-devices';
import { maintainPositionPartitions, readPositionRetentionDays } from './position-partitions';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface TelemetryJobsOptions {
  /** The process database (a background job, not a request). */
  db: Database;
  /** The bases of `{link}` in offline alarms' messages (`alarmLinkBasesOf` the configuration). */
  alarmLinks: AlarmLinkBases;
  logger?: JobLogger;
  now?: () => Date;
  /** How often silent devices are marked offline (every minute). */
  offlineIntervalMs?: number;
  /** How often sent commands without an answer in time are failed (every 30 s). */
  commandTimeoutIntervalMs?: number;
  /** How often position partitions are created ahead and expired (daily). */
  partitionIntervalMs?: number;
}

export interface TelemetryJobs {
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * The telemetry pipeline's background work, where ROLE says jobs run: marking silent devices
 * offline, failing device commands not answered in time, and keeping position partitions (ahead and within retention) and vital readings within the same retention. A slow run is never
 * overlapped by its timer; a failed one is logged and the next one tries again.
 */
export function startTelemetryJobs(options: TelemetryJobsOptions): TelemetryJobs {
  const now = options.now ?? (() => new Date());
  const every = (intervalMs: number, name: string, work: () => Promise<unknown>) =>
    startIntervalJob(intervalMs, name, work, options.logger);
  const stopOffline = every(options.offlineIntervalMs ?? MINUTE_MS, 'offline device check', async () => {
    const marked = await markOfflineDevices(options.db, options.alarmLinks, now());
    if (marked > 0) options.logger?.info({ marked }, 'Marked silent devices offline');
  });
  const stopPartitions = every(
    options.partitionIntervalMs ?? DAY_MS,
    'position partition maintenance',
    async () => {
      const result = await maintainPositionPartitions(options.db, now());
      if (result.created > 0 || result.dropped.length > 0) {
        options.logger?.info(result, 'Maintained position partitions');
      }
      // Vital readings are kept as long as positions.
      const retentionDays = await readPositionRetentionDays(options.db);
      const expiredVitals = await deleteExpiredVitalReadings(options.db, now(), retentionDays);
      if (expiredVitals > 0) options.logger?.info({ expiredVitals }, 'Deleted expired vital readings');
    },
  );
  const stopCommandTimeouts = every(
    options.commandTimeoutIntervalMs ?? 30 * 1000,
    'device command timeout check',
    async () => {
      const failed = await failUnacknowledgedCommands(options.db, now());
      if (failed > 0) options.logger?.info({ failed }, 'Failed unacknowledged device commands');
    },
  );
  return {
    async stop() {
      await Promise.all([stopOffline(), stopPartitions(), stopCommandTimeouts()]);
    },
  };
}
