/**
 * The report worker: a child process the API node forks for one report download on PostgreSQL
 * (report-worker-client.ts), so the report's allocations count against a small heap of its own and
 * not against the API node's. It receives one job over IPC, opens its own connection and a
 * read-only REPEATABLE READ transaction with the caller's tenant scope and request role, set as
 * report-stream.ts sets them (`applyTransactionScope`: row-level security applies), and writes the
 * file to the pipe on fd 4. A full pipe makes `write()` return false, so the report waits for
 * `drain` (back-pressure from the HTTP client through the API node). It loads only what a report
 * needs: no Fastify, no PGlite.
 */
import net from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../../platform/db/database';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';
import { scopeTenantId } from '../../platform/tenancy/tenant-scope';
import { writeReport } from './report-stream';
import { REPORT_WORKER_FD, type ReportWorkerJob, type ReportWorkerMessage } from './report-worker-job';

async function runReportJob(job: ReportWorkerJob): Promise<void> {
  const output = new net.Socket({ fd: REPORT_WORKER_FD, readable: false, writable: true });
  const client = new pg.Client({ connectionString: job.databaseUrl, application_name: 'homeward-report' });
  // A lost connection surfaces as the failing query's error; this only keeps it from being uncaught.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const db = drizzle({ client }) as unknown as Database;
    await db.transaction(
      async (tx) => {
        await applyTransactionScope(tx, job.scope);
        await writeReport(tx, scopeTenantId(job.scope.scope), job.request, output);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // Every byte handed to the pipe before the exit code says the file is whole.
    if (!output.writableFinished) await new Promise((resolve) => output.once('finish', resolve));
  } finally {
    await client.end().catch(() => undefined);
  }
}

function report(message: ReportWorkerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

// The API node went away (or stopped this download): nothing is left to write to.
process.once('disconnect', () => process.exit(1));
process.once('message', (job: ReportWorkerJob) => {
  runReportJob(job).then(
    () => process.exit(0),
    async (error: unknown) => {
      await report({ type: 'error', message: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    },
  );
});
