import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Language, ReportFormat, ReportKind } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { serverTexts } from '../../platform/i18n/server-texts';
import { applyTransactionScope, type TransactionScope } from '../../platform/tenancy/request-transaction';
import { scopeTenantId } from '../../platform/tenancy/tenant-scope';
import { REPORT_DEFINITIONS } from './report-definitions';
import type { ReportPeriod } from './reports.repository';
import { createReportWriter } from './report-writers';

/** The translation namespaces a report's headers and values come from. */
export const REPORT_NAMESPACES = ['reports', 'alarms'];

export interface ReportRequest {
  kind: ReportKind;
  format: ReportFormat;
  period: ReportPeriod;
  language: Language;
}

/**
 * Writes a report to `output`, sheet by sheet and batch by batch, with `db` already in the caller's
 * tenant scope. Every batch waits until the output has taken the previous one.
 */
export async function writeReport(
  db: Database,
  tenantId: string | null,
  request: ReportRequest,
  output: Writable,
) {
  await serverTexts.load([request.language], REPORT_NAMESPACES);
  const translate = (key: string) => serverTexts.translate(request.language, key);
  const writer = createReportWriter(request.format, output);
  const definition = REPORT_DEFINITIONS[request.kind];
  const sheets = request.format === 'csv' ? definition.sheets.slice(0, 1) : definition.sheets;
  for (const sheet of sheets) {
    writer.startSheet(
      translate(sheet.titleKey),
      sheet.headerKeys.map((key) => translate(key)),
    );
    const source = { db, tenantId, period: request.period, language: request.language, translate };
    for await (const rows of sheet.rows(source)) await writer.writeRows(rows);
  }
  await writer.finish();
}

/**
 * A report as a stream, read in its own read-only transaction. A streamed response outlives the
 * request's transaction (which commits when the handler returns, before the body is sent), so the
 * report opens one that lasts until its last row is written, with the same tenant scope and role
 * set the same way (`applyTransactionScope`): row-level security applies to it as to the request.
 * REPEATABLE READ gives every batch one snapshot. If the client goes away, writing fails, the
 * transaction rolls back and its connection returns to the pool.
 */
export function streamReport(
  database: { db: Database },
  scope: TransactionScope,
  request: ReportRequest,
  onError: (error: unknown) => void,
): Readable {
  const output = new PassThrough({ highWaterMark: 256 * 1024 });
  database.db
    .transaction(
      async (tx) => {
        await applyTransactionScope(tx, scope);
        await writeReport(tx, scopeTenantId(scope.scope), request, output);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    .catch((error: unknown) => {
      if (!output.destroyed) {
        onError(error);
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      }
    });
  return output;
}
