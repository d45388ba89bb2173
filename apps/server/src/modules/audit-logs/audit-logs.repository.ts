import { ALL_TENANTS_ID } from '@homeward/contracts';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { auditLogs, entityChanges } from '../../platform/audit/audit-log.schema';
import { inTenant, likePattern, type PageRequest } from '../../platform/db/query-helpers';

/** Audit-log and entity-change queries, limited to one tenant (null: the host). */

export interface AuditLogFilter extends PageRequest {
  startTime?: string;
  endTime?: string;
  userName?: string;
  httpMethod?: string;
  url?: string;
  statusCode?: number;
  minDuration?: number;
  hasException?: boolean;
}

export const AUDIT_LOG_SORT_COLUMNS = {
  executionTime: auditLogs.executionTime,
  durationMs: auditLogs.durationMs,
  statusCode: auditLogs.statusCode,
  userName: auditLogs.userName,
  httpMethod: auditLogs.httpMethod,
  url: auditLogs.url,
};
export const AUDIT_LOG_DEFAULT_ORDER = sql`${auditLogs.executionTime} desc`;

function whereOf(tenantId: string | null, filter: AuditLogFilter): SQL | undefined {
  return and(
    inTenant(auditLogs.tenantId, tenantId),
    filter.startTime ? gte(auditLogs.executionTime, new Date(filter.startTime)) : undefined,
    filter.endTime ? lt(auditLogs.executionTime, new Date(filter.endTime)) : undefined,
    filter.userName ? ilike(auditLogs.userName, likePattern(filter.userName)) : undefined,
    filter.httpMethod ? eq(auditLogs.httpMethod, filter.httpMethod) : undefined,
    filter.url ? ilike(auditLogs.url, likePattern(filter.url)) : undefined,
    filter.statusCode !== undefined ? eq(auditLogs.statusCode, filter.statusCode) : undefined,
    filter.minDuration !== undefined ? gte(auditLogs.durationMs, filter.minDuration) : undefined,
    filter.hasException === undefined
      ? undefined
      : filter.hasException
        ? isNotNull(auditLogs.exceptions)
        : isNull(auditLogs.exceptions),
  );
}

export async function findAuditLogs(
  db: Database,
  tenantId: string | null,
  filter: AuditLogFilter,
  orderBy: SQL,
) {
  const where = whereOf(tenantId, filter);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(orderBy, desc(auditLogs.id))
    .limit(filter.maxResultCount)
    .offset(filter.skipCount);
  const [total] = await db.select({ value: count() }).from(auditLogs).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}

export async function findAuditLog(db: Database, tenantId: string | null, id: string) {
  const [row] = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.id, id), inTenant(auditLogs.tenantId, tenantId)));
  return row;
}

/**
 * The changes one request's transaction made. A tenant's request can only have changed its own
 * tenant's rows, and the filter says so again; a host request may have changed any tenant's rows
 * (creating a tenant and its admin), and the host sees all of them.
 */
/**
 * The host (and the read-only All tenants view) may look at changes of any tenant's rows;
 * row-level security still limits the host scope to host rows and the All view to reading.
 */
function seesEveryTenant(tenantId: string | null): boolean {
  return tenantId === null || tenantId === ALL_TENANTS_ID;
}

export async function findEntityChangesOfAuditLog(db: Database, tenantId: string | null, auditLogId: string) {
  return db
    .select()
    .from(entityChanges)
    .where(
      and(
        eq(entityChanges.auditLogId, auditLogId),
        tenantId === null || seesEveryTenant(tenantId) ? undefined : eq(entityChanges.tenantId, tenantId),
      ),
    )
    .orderBy(entityChanges.changeTime, entityChanges.id);
}

export interface EntityHistoryFilter extends PageRequest {
  entityType: string;
  entityId: string;
}

/** One entity's changes in the tenant, newest first. */
export async function findEntityHistory(db: Database, tenantId: string | null, filter: EntityHistoryFilter) {
  const where = and(
    inTenant(entityChanges.tenantId, tenantId),
    eq(entityChanges.entityType, filter.entityType),
    eq(entityChanges.entityId, filter.entityId),
  );
  const rows = await db
    .select()
    .from(entityChanges)
    .where(where)
    .orderBy(desc(entityChanges.changeTime), desc(entityChanges.id))
    .limit(filter.maxResultCount)
    .offset(filter.skipCount);
  const [total] = await db.select({ value: count() }).from(entityChanges).where(where);
  return { rows, totalCount: total?.value ?? 0 };
}
