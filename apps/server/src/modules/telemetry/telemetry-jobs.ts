import type { Database } from '../../platform/db/database';
import { markOfflineDevices } from './offline-devices';
import { maintainPositionPartitions } from './position-partitions';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface TelemetryJobsOptions {
  /** The process database (a background job, not a request). */
  db: Database;
  logger?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now?: () => Date;
  /** How often silent devices are marked offline (every minute). */
  offlineIntervalMs?: number;
  /** How often position partitions are created ahead and expired (daily). */
  partitionIntervalMs?: number;
}

export interface TelemetryJobs {
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * The telemetry pipeline's background work, where ROLE says jobs run: marking silent devices
 * offline, and keeping position partitions (ahead and within retention). A slow run is never
 * overlapped by its timer; a failed one is logged and the next one tries again.
 */
export function startTelemetryJobs(options: TelemetryJobsOptions): TelemetryJobs {
  const now = options.now ?? (() => new Date());
  const every = (intervalMs: number, name: string, work: () => Promise<unknown>) => {
    let running: Promise<void> | undefined;
    let stopped = false;
    const tick = () => {
      if (running || stopped) return;
      running = work()
        .then(() => undefined)
        .catch((error: unknown) => options.logger?.error({ err: error }, `${name} failed`))
        .finally(() => {
          running = undefined;
        });
    };
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  };
  const stopOffline = every(options.offlineIntervalMs ?? MINUTE_MS, 'offline device check', async () => {
    const marked = await markOfflineDevices(options.db, now());
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
    },
  );
  return {
    async stop() {
      await Promise.all([stopOffline(), stopPartitions()]);
    },
  };
}
