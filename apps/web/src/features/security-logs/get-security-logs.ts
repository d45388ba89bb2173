import type { SecurityLogListRequest, SecurityLogListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

export const SECURITY_LOGS_QUERY_KEY = ['identity', 'security-logs'] as const;

/** GET /api/identity/security-logs: newest first, filtered by time, action, user and client. */
export function getSecurityLogs(request: SecurityLogListRequest): Promise<SecurityLogListResponse> {
  return apiFetch(`/api/identity/security-logs${toQueryString(request)}`);
}
