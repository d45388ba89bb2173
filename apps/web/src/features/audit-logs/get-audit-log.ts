import { auditLogEndpoints, type AuditLogDetail } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { AUDIT_LOGS_QUERY_KEY } from './get-audit-logs';

/** GET /api/audit-logs/:id: one request with the entity changes it made. */
export function getAuditLog(id: string): Promise<AuditLogDetail> {
  return callEndpoint(auditLogEndpoints.get, { params: { id } });
}

export function auditLogQueryOptions(id: string) {
  return queryOptions({ queryKey: [...AUDIT_LOGS_QUERY_KEY, 'detail', id], queryFn: () => getAuditLog(id) });
}

export function useAuditLog(id: string | null) {
  return useQuery({ ...auditLogQueryOptions(id ?? ''), enabled: id !== null });
}
