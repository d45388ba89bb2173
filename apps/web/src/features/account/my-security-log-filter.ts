import type { MySecurityLogListRequest } from '@homeward/contracts';
import { toSecurityLogFilter, type SecurityLogFilterValues } from '../security-logs/security-log-filters';

/** The filters the user's own log offers: the time range and the action. */
export type MySecurityLogFilter = Pick<MySecurityLogListRequest, 'startTime' | 'endTime' | 'action'>;

/**
 * The security-log screen's filter, narrowed to what applies to one's own entries: the server
 * pins the user anyway, and the client column is shown rather than filtered here.
 */
export function toMySecurityLogFilter(values: SecurityLogFilterValues): MySecurityLogFilter {
  const { startTime, endTime, action } = toSecurityLogFilter(values);
  return {
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(action ? { action } : {}),
  };
}
