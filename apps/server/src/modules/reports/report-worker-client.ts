import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config } from '../../platform/config/config';
import type { DatabaseHandle } from '../../platform/db/database';
import type { TransactionScope } from '../../platform/tenancy/request-transaction';
import { streamReport, type ReportRequest } from './report-stream';
import { REPORT_WORKER_FD, type ReportWorkerJob, type ReportWorkerMessage } from './report-worker-job';

/**
 * Node flags of a report worker. A small young generation (1 MB semi-spaces, against the API node's
 * 64 MB, which suit ingest) and a capped old one: a report's rows die within their batch, so
 * frequent cheap scavenges keep its resident set near the loaded code (bench:reports).
 */
export const REPORT_WORKER_NODE_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=96'];

const WORKER_PATH = fileURLToPath(new URL('./report-worker.ts', import.meta.url));
// The server runs its TypeScript through tsx; the worker is a fresh node, so it loads tsx itself.
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * Report workers now running (tests watch one stop when its client goes away). Process-wide on
 * purpose: they are this process's child processes, whichever app started them.
 */
export const runningReportWorkers = new Set<ChildProcess>();

/**
 * Streams a report from a report worker (report-worker.ts). Resolves with the response body once
 * the worker has written its first bytes, so a failure before then (no connection, a refused
 * scope, a failing first query) rejects and the route answers a clean error. A failure after that
 * cuts the body off (never an end that looks complete: the body ends only when the worker exits
 * with 0) and is passed to `onError`. When the body is destroyed (the client went away) the worker
 * is stopped; its connection closes and PostgreSQL rolls its transaction back. Back-pressure: the
 * pipe into `body` pauses while the response is full, the OS pipe fills and the worker waits.
 */
export function streamReportFromWorker(
  job: ReportWorkerJob,
  onError: (error: Error) => void,
  /** REPORT_WORKER_NODE_ARGS: extra node flags (a later flag wins), for measuring. */
  extraNodeFlags: string[] = [],
): Promise<Readable> {
  const child = fork(WORKER_PATH, [], {
    execArgv: [...REPORT_WORKER_NODE_FLAGS, ...extraNodeFlags, '--import', TSX_LOADER],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc', 'pipe'],
    serialization: 'json',
  });
  runningReportWorkers.add(child);
  const source = child.stdio[REPORT_WORKER_FD] as Readable;
  const body = new PassThrough({ highWaterMark: 256 * 1024 });
  let failure: string | undefined;
  let started = false;
  let settled = false;

  const stopWorker = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  child.on('message', (message: ReportWorkerMessage) => {
    if (message?.type === 'error') failure = message.message;
  });
  source.pipe(body, { end: false });
  body.once('close', () => {
    if (settled) return;
    stopWorker();
    source.destroy();
  });

  return new Promise<Readable>((resolve, reject) => {
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      if (!started) {
        body.destroy();
        reject(error);
      } else if (!body.destroyed) {
        onError(error);
        body.destroy(error);
      }
    };
    source.once('data', () => {
      started = true;
      resolve(body);
    });
    child.once('error', (error) => {
      stopWorker();
      fail(error);
    });
    child.once('close', (code, signal) => {
      runningReportWorkers.delete(child);
      if (code === 0 && !settled) {
        settled = true;
        resolve(body);
        body.end();
        return;
      }
      fail(new Error(`report worker failed: ${failure ?? `exit ${code ?? signal}`}`));
    });
    child.send(job, (error) => {
      if (error) {
        stopWorker();
        fail(error);
      }
    });
  });
}

/**
 * Where a download streams from: a report worker on PostgreSQL (the API node's own database, or a
 * test's scratch database, whose handle carries its URL), in this process on embedded PGlite (the
 * database lives inside this process, so no other process can open it). REPORT_WORKER=false streams
 * in this process on PostgreSQL too (bench:reports compares the two).
 */
export function openReportStream(
  database: DatabaseHandle & { url?: string },
  config: Pick<Config, 'databaseUrl' | 'reportWorker' | 'reportWorkerNodeArgs'>,
  scope: TransactionScope,
  request: ReportRequest,
  onError: (error: unknown) => void,
): Promise<Readable> {
  const url = database.url ?? config.databaseUrl;
  if (database.kind === 'postgres' && url && config.reportWorker) {
    return streamReportFromWorker({ databaseUrl: url, scope, request }, onError, config.reportWorkerNodeArgs);
  }
  return Promise.resolve(streamReport(database, scope, request, onError));
}
