import { and, count, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { securityLogs } from './security-logs.schema';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';

/** Security-log queries, limited to one tenant (null: the host). */

export interface SecurityLogFilter extends PageRequest {
  startTime?: string;
  endTime?: string;
  action?: string;
  userName?: string;
  clientId?: string;
  correlationId?: string;
  /** Only the entries about this user (my-security-logs). */
  userId?: string;
}

export const SECURITY_LOG_SORT_COLUMNS = {
  createdAt: securityLogs.createdAt,
  action: securityLogs.action,
  userName: securityLogs.userName,
  clientId: securityLogs.clientId,
};
export const SECURITY_LOG_DEFAULT_ORDER = sql`${securityLogs.createdAt} desc`;

/**
 * The filters match the screen: exact action, user name and client id contain the text
 * (case-insensitive), and `filter` searches all three.
 */
function whereOf(tenantId: string | null, filter: SecurityLogFilter): SQL | undefined {
  const text = filter.filter ? likePattern(filter.filter) : undefined;
  return and(
    inTenant(securityLogs.tenantId, tenantId),
    filter.userId ? eq(securityLogs.userId, filter.userId) : undefined,
    filter.startTime ? gte(securityLogs.createdAt, new Date(filter.startTime)) : undefined,
    filter.endTime ? lt(securityLogs.createdAt, new Date(filter.endTime)) : undefined,
    filter.action ? eq(securityLogs.action, filter.action) : undefined,
    filter.userName ? ilike(securityLogs.userName, likePattern(filter.userName)) : undefined,
    filter.clientId ? ilike(securityLogs.clientId, likePattern(filter.clientId)) : undefined,
    filter.correlationId ? eq(securityLogs.correlationId, filter.correlationId) : undefined,
    text
      ? or(
          ilike(securityLogs.userName, text),
          ilike(securityLogs.clientId, text),
          ilike(securityLogs.action, text),
        )
      : undefined,
  );
}

export async function findSecurityLogs(
  db: Database,
  tenantId: string | null,
  filter: SecurityLogFilter,
  orderBy: SQL,
) {
  const where = whereOf(tenantId, filter);
  const rows = await db
    .select()
    .from(securityLogs)
    .where(where)
    .orderBy(orderBy, sql`${securityLogs.id} desc`)
    .limit(filter.maxResultCount)
    .offset(filter.skipCount);
  const [total] = await db.select({ value: count() }).from(securityLogs).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

/** How many entries about `userId` with one of `actions` the log has since `since` (a failure limit). */
export async function countUserActionsSince(
  db: Database,
  userId: string,
  actions: readonly string[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(securityLogs)
    .where(
      and(
        eq(securityLogs.userId, userId),
        inArray(securityLogs.action, [...actions]),
        gt(securityLogs.createdAt, since),
      ),
    );
  return row?.failures ?? 0;
}
