import type { TransactionScope } from '../../platform/tenancy/request-transaction';
import type { ReportRequest } from './report-stream';

/** The fd the worker writes the report file to: a pipe the API node reads (stdio index 4). */
export const REPORT_WORKER_FD = 4;

/** One download, sent to a report worker over IPC. */
export interface ReportWorkerJob {
  /** The PostgreSQL database to read from (the API node's own). */
  databaseUrl: string;
  /** The caller's tenant scope and user, applied to the worker's transaction as to a request's. */
  scope: TransactionScope;
  request: ReportRequest;
}

/** What a worker tells the API node: only its failure (a clean exit means the file is whole). */
export interface ReportWorkerMessage {
  type: 'error';
  message: string;
}
