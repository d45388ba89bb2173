import type { MySecurityLogListRequest, SecurityLogListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

export const MY_SECURITY_LOGS_QUERY_KEY = ['account', 'my-security-logs'] as const;

/** GET /api/account/my-security-logs: the caller's own entries, newest first unless sorted otherwise. */
export function getMySecurityLogs(request: MySecurityLogListRequest): Promise<SecurityLogListResponse> {
  return apiFetch(`/api/account/my-security-logs${toQueryString(request)}`);
}
