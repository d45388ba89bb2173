import { securityLogEndpoints, type SecurityLogListRequest } from '@homeward/contracts';
import { downloadEndpoint } from '../../app/api/endpoint-client';

/** GET /api/identity/security-logs/export: the security-log report (xlsx) for the same filters. */
export function exportSecurityLogs(filter: Omit<SecurityLogListRequest, 'skipCount' | 'maxResultCount'>) {
  return downloadEndpoint(securityLogEndpoints.export, { query: filter }, 'security-logs.xlsx');
}
