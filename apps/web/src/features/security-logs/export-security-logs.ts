import type { SecurityLogListRequest } from '@homeward/contracts';
import { apiDownload } from '../../app/api/api-download';
import { toQueryString } from '../../components/crud/paged-list-request';

/** GET /api/identity/security-logs/export: the security-log report (xlsx) for the same filters. */
export function exportSecurityLogs(filter: Omit<SecurityLogListRequest, 'skipCount' | 'maxResultCount'>) {
  return apiDownload(`/api/identity/security-logs/export${toQueryString(filter)}`, 'security-logs.xlsx');
}
