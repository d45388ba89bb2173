import type { AuditLogListRequest, AuditLogListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

export const AUDIT_LOGS_QUERY_KEY = ['audit-logs'] as const;

/** GET /api/audit-logs: newest first, filtered by time, user, method, URL, status, duration, failure. */
export function getAuditLogs(request: AuditLogListRequest): Promise<AuditLogListResponse> {
  return apiFetch(`/api/audit-logs${toQueryString(request)}`);
}
