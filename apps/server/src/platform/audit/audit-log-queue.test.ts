import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { createAuditLogQueue, type QueuedAuditLog } from './audit-log-queue';

/** A database whose multi-row inserts are recorded, failing the first `failures` of them. */
function recordingDatabase(failures = 0) {
  const inserts: QueuedAuditLog[][] = [];
  let left = failures;
  const db = {
    insert: () => ({
      values: (rows: QueuedAuditLog[]) => ({
        onConflictDoNothing: async () => {
          if (left > 0) {
            left -= 1;
            throw new Error('database unavailable');
          }
          inserts.push(rows);
        },
      }),
    }),
  } as unknown as Database;
  return { db, inserts };
}

function entry(n: number, httpMethod = 'POST'): QueuedAuditLog {
  return {
    id: `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    executionTime: new Date(0),
    durationMs: 1,
    httpMethod,
    url: `/api/probe/${n}`,
  };
}

function recordingLogger() {
  const errors: { object: object; message: string }[] = [];
  return { errors, error: (object: object, message: string) => void errors.push({ object, message }) };
}

describe('audit log queue', () => {
  it('writes queued entries in batches of at most batchSize with one insert each', async () => {
    const { db, inserts } = recordingDatabase();
    const queue = createAuditLogQueue({ db, batchSize: 3, intervalMs: 60_000 });
    for (let n = 1; n <= 7; n += 1) queue.enqueue(entry(n));
    await queue.close();
    expect(inserts.map((rows) => rows.length)).toEqual([3, 3, 1]);
    expect(inserts.flat().map((row) => row.url)).toEqual([1, 2, 3, 4, 5, 6, 7].map((n) => `/api/probe/${n}`));
  });

  it('retries a failed batch once, and stores it when the retry succeeds', async () => {
    const { db, inserts } = recordingDatabase(1);
    const logger = recordingLogger();
    const queue = createAuditLogQueue({ db, logger, intervalMs: 60_000 });
    queue.enqueue(entry(1));
    await queue.close();
    expect(inserts).toHaveLength(1);
    expect(logger.errors).toEqual([]);
  });

  it('logs and drops a batch that fails twice, and keeps working afterwards', async () => {
    const { db, inserts } = recordingDatabase(2);
    const logger = recordingLogger();
    const queue = createAuditLogQueue({ db, logger, intervalMs: 60_000 });
    queue.enqueue(entry(1));
    await expect(queue.flush()).resolves.toBeUndefined();
    expect(logger.errors).toHaveLength(1);
    expect(logger.errors[0]!.object).toMatchObject({ count: 1 });

    queue.enqueue(entry(2));
    await queue.close();
    expect(inserts.flat().map((row) => row.url)).toEqual(['/api/probe/2']);
  });

  it('lets the selector drop entries before they are written', async () => {
    const { db, inserts } = recordingDatabase();
    const queue = createAuditLogQueue({
      db,
      intervalMs: 60_000,
      select: async (entries) => entries.filter((e) => e.httpMethod !== 'GET'),
    });
    queue.enqueue(entry(1, 'GET'));
    queue.enqueue(entry(2, 'DELETE'));
    await queue.close();
    expect(inserts.flat().map((row) => row.httpMethod)).toEqual(['DELETE']);
  });
});
