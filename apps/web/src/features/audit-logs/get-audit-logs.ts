import { auditLogEndpoints, type AuditLogListRequest, type AuditLogListResponse } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

export const AUDIT_LOGS_QUERY_KEY = ['audit-logs'] as const;

/** GET /api/audit-logs: newest first, filtered by time, user, method, URL, status, duration, failure. */
export function getAuditLogs(request: AuditLogListRequest): Promise<AuditLogListResponse> {
  return callEndpoint(auditLogEndpoints.list, { query: request });
}
