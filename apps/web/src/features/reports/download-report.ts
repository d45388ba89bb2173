import { reportEndpoints, type ReportFormat, type ReportKind, type ReportQuery } from '@homeward/contracts';
import { downloadEndpoint } from '../../app/api/endpoint-client';

/** GET /api/reports/<kind>.<format>: the streamed report, saved under the server's file name. */
export function downloadReport(kind: ReportKind, format: ReportFormat, period: ReportQuery): Promise<void> {
  return downloadEndpoint(
    reportEndpoints.download,
    { params: { file: `${kind}.${format}` }, query: period },
    `${kind}.${format}`,
  );
}
