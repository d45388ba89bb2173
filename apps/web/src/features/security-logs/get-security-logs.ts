import {
  securityLogEndpoints,
  type SecurityLogListRequest,
  type SecurityLogListResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

export const SECURITY_LOGS_QUERY_KEY = ['identity', 'security-logs'] as const;

/** GET /api/identity/security-logs: newest first, filtered by time, action, user and client. */
export function getSecurityLogs(request: SecurityLogListRequest): Promise<SecurityLogListResponse> {
  return callEndpoint(securityLogEndpoints.list, { query: request });
}
