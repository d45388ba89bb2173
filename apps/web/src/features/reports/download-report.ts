import {
  reportDownloadPath,
  type ReportFormat,
  type ReportKind,
  type ReportQuery,
} from '@homeward/contracts';
import { apiDownload } from '../../app/api/api-download';

/** GET /api/reports/<kind>.<format>: the streamed report, saved under the server's file name. */
export function downloadReport(kind: ReportKind, format: ReportFormat, period: ReportQuery): Promise<void> {
  return apiDownload(reportDownloadPath(kind, format, period), `${kind}.${format}`);
}
