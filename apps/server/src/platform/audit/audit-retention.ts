import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { selectRows } from '../db/database';
import { readAuditRetentionDays, type ReadGlobalSetting } from './auditing-settings';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditRetentionOptions {
  /** The process database (a background job, not a request). */
  db: Database;
  /** The settings module's global-setting reader (for `Homeward.Auditing.RetentionDays`). */
  readSetting: ReadGlobalSetting;
  logger?: { info(object: object, message: string): void; error(object: object, message: string): void };
  /** How often the cleanup runs; daily by default. */
  intervalMs?: number;
  /** Rows deleted per statement, so a big backlog never holds long locks. */
  batchSize?: number;
  now?: () => Date;
}

/**
 * Deletes audit entries and entity changes older than the retention setting
 * (`Homeward.Auditing.RetentionDays`, default 365), one batch at a time. Returns how many went.
 */
export async function deleteExpiredAuditEntries(
  db: Database,
  readSetting: ReadGlobalSetting,
  now: Date,
  batchSize = 1000,
): Promise<{ auditLogs: number; entityChanges: number }> {
  const days = await readAuditRetentionDays(readSetting);
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const deleteBatches = async (table: 'audit_logs' | 'entity_changes', timeColumn: string) => {
    let total = 0;
    for (;;) {
      // Postgres has no DELETE ... LIMIT; the id subquery bounds each statement instead.
      const rows = await selectRows<{ id: string }>(
        db,
        sql`delete from ${sql.identifier(table)} where id in (
          select id from ${sql.identifier(table)} where ${sql.identifier(timeColumn)} < ${cutoff}::timestamptz
          limit ${batchSize}) returning id`,
      );
      total += rows.length;
      if (rows.length < batchSize) return total;
    }
  };
  return {
    entityChanges: await deleteBatches('entity_changes', 'change_time'),
    auditLogs: await deleteBatches('audit_logs', 'execution_time'),
  };
}

/**
 * Runs the cleanup now and then every `intervalMs` (daily). A failed run is logged and the next
 * one tries again. Returns a stop function for shutdown.
 */
export function startAuditRetention(options: AuditRetentionOptions): () => void {
  const now = options.now ?? (() => new Date());
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const deleted = await deleteExpiredAuditEntries(
        options.db,
        options.readSetting,
        now(),
        options.batchSize,
      );
      if (deleted.auditLogs + deleted.entityChanges > 0) {
        options.logger?.info(deleted, 'Deleted audit entries past their retention');
      }
    } catch (error) {
      options.logger?.error({ err: error }, 'Audit retention cleanup failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
