import type { SecurityLog } from '@homeward/contracts';
import * as repository from './security-logs.repository';
import type { SecurityLogRow } from './security-logs.schema';
import { type RequestContext } from '../../platform/http/request-context';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';

/** Reading the security log: the tenant's entries, or the caller's own. */

function toSecurityLog(row: SecurityLogRow): SecurityLog {
  return {
    id: row.id,
    tenantId: row.tenantId,
    identity: row.identity,
    action: row.action,
    userId: row.userId,
    userName: row.userName,
    clientId: row.clientId,
    clientIpAddress: row.clientIpAddress,
    browserInfo: row.browserInfo,
    correlationId: row.correlationId,
    createdAt: isoTime(row.createdAt),
  };
}

export async function listSecurityLogs(ctx: RequestContext, filter: repository.SecurityLogFilter) {
  const orderBy = orderByOf(
    filter.sorting,
    repository.SECURITY_LOG_SORT_COLUMNS,
    repository.SECURITY_LOG_DEFAULT_ORDER,
  );
  const { rows, totalCount } = await repository.findSecurityLogs(ctx.db, ctx.tenantId, filter, orderBy);
  return { items: rows.map(toSecurityLog), totalCount };
}

/** The caller's own entries; a `userName` filter cannot widen it to someone else. */
export async function listMySecurityLogs(ctx: RequestContext, filter: repository.SecurityLogFilter) {
  return listSecurityLogs(ctx, { ...filter, userName: undefined, userId: ctx.userId });
}
