import {
  securityLogEndpoints,
  type MySecurityLogListRequest,
  type SecurityLogListResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

export const MY_SECURITY_LOGS_QUERY_KEY = ['account', 'my-security-logs'] as const;

/** GET /api/account/my-security-logs: the caller's own entries, newest first unless sorted otherwise. */
export function getMySecurityLogs(request: MySecurityLogListRequest): Promise<SecurityLogListResponse> {
  return callEndpoint(securityLogEndpoints.mine, { query: request });
}
