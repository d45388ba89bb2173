import type { Database } from '../db/database';
import { auditLogs, type NewAuditLogRow } from './audit-log.schema';

/** The part of a logger the queue uses; pino's satisfies it. */
export interface AuditLogger {
  error(object: object, message: string): void;
}

export interface AuditLogQueueOptions {
  db: Database;
  logger?: AuditLogger;
  /** Flush as soon as this many entries wait. */
  batchSize?: number;
  /** Flush what waits at least this often. */
  intervalMs?: number;
  /**
   * Decides, at flush time, which entries to keep (GETs only when the setting says so). Deciding
   * here keeps the settings lookup off the request path.
   */
  select?: (entries: QueuedAuditLog[]) => Promise<QueuedAuditLog[]>;
}

export type QueuedAuditLog = NewAuditLogRow;

export interface AuditLogQueue {
  enqueue(entry: QueuedAuditLog): void;
  /** Writes everything queued so far; resolves when it is stored (or given up on and logged). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

/**
 * Audit entries wait in memory and are written in batches with one multi-row insert, so recording a
 * request never adds a database round trip to it. A failed batch is retried once, then logged and
 * dropped: auditing must never take the server down.
 */
export function createAuditLogQueue(options: AuditLogQueueOptions): AuditLogQueue {
  const batchSize = options.batchSize ?? 100;
  let pending: QueuedAuditLog[] = [];
  // Flushes run one after another, so a batch is never written twice or out of order.
  let flushing: Promise<void> = Promise.resolve();

  const writeBatch = async (batch: QueuedAuditLog[]) => {
    const entries = options.select ? await options.select(batch) : batch;
    if (entries.length > 0) await options.db.insert(auditLogs).values(entries).onConflictDoNothing();
  };

  const flushBatch = async (batch: QueuedAuditLog[]) => {
    try {
      await writeBatch(batch);
    } catch {
      try {
        await writeBatch(batch);
      } catch (error) {
        options.logger?.error(
          { err: error, count: batch.length },
          'Could not write audit log entries; they are lost',
        );
      }
    }
  };

  const flush = () => {
    flushing = flushing.then(async () => {
      while (pending.length > 0) {
        const batch = pending.slice(0, batchSize);
        pending = pending.slice(batch.length);
        await flushBatch(batch);
      }
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.intervalMs ?? 1000);
  // The timer alone must not keep the process alive; onClose flushes what is left.
  timer.unref();

  return {
    enqueue(entry) {
      pending.push(entry);
      if (pending.length >= batchSize) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
