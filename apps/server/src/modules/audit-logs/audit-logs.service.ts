import type { AuditLog, AuditLogDetail, EntityChange, EntityChangeType } from '@homeward/contracts';
import * as repository from './audit-logs.repository';
import type { AuditLogRow, EntityChangeRow } from '../../platform/audit/audit-log.schema';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import { isoTime, orderByOf } from '../../platform/db/query-helpers';

/** Reading the audit log of the caller's tenant: requests, and the entity changes they made. */

function toAuditLog(row: AuditLogRow): AuditLog {
  return { ...row, executionTime: isoTime(row.executionTime) };
}

function toEntityChange(row: EntityChangeRow): EntityChange {
  return {
    ...row,
    changeTime: isoTime(row.changeTime),
    changeType: row.changeType as EntityChangeType,
  };
}

export async function listAuditLogs(ctx: RequestContext, filter: repository.AuditLogFilter) {
  const orderBy = orderByOf(
    filter.sorting,
    repository.AUDIT_LOG_SORT_COLUMNS,
    repository.AUDIT_LOG_DEFAULT_ORDER,
  );
  const { rows, totalCount } = await repository.findAuditLogs(ctx.db, ctx.tenantId, filter, orderBy);
  return { items: rows.map(toAuditLog), totalCount };
}

export async function getAuditLog(ctx: RequestContext, id: string): Promise<AuditLogDetail> {
  const row = await repository.findAuditLog(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  const changes = await repository.findEntityChangesOfAuditLog(ctx.db, ctx.tenantId, id);
  return { ...toAuditLog(row), entityChanges: changes.map(toEntityChange) };
}

export async function listEntityHistory(ctx: RequestContext, filter: repository.EntityHistoryFilter) {
  const { rows, totalCount } = await repository.findEntityHistory(ctx.db, ctx.tenantId, filter);
  return { items: rows.map(toEntityChange), totalCount };
}
