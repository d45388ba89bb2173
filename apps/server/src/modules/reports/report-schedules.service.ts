import type {
  Language,
  ReportSchedule,
  ReportScheduleListResponse,
  SaveReportScheduleValues,
} from '@homeward/contracts';
import { isoTime } from '../../platform/db/query-helpers';
import { DomainError } from '../../platform/errors/domain-error';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './report-schedules.repository';
import type { ReportScheduleRow } from './reports.schema';

/** Monthly e-mail schedules of a report, in the caller's tenant: list, create, update, delete. */

type ScheduleContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

function toReportSchedule(row: ReportScheduleRow): ReportSchedule {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    recipients: row.recipients,
    dayOfMonth: row.dayOfMonth,
    language: row.language,
    lastSentMonth: row.lastSentMonth,
    createdAt: isoTime(row.createdAt),
  };
}

/** The stored fields: addresses trimmed, the language given or else the caller's. */
function columnsOf(input: SaveReportScheduleValues, callerLanguage: Language) {
  return {
    kind: input.kind,
    format: input.format,
    recipients: input.recipients.map((address) => address.trim()),
    dayOfMonth: input.dayOfMonth,
    language: input.language ?? callerLanguage,
  };
}

export async function listReportSchedules(
  ctx: Pick<ScheduleContext, 'db' | 'tenantId'>,
): Promise<ReportScheduleListResponse> {
  const rows = await repository.findReportSchedules(ctx.db, ctx.tenantId);
  return { items: rows.map(toReportSchedule) };
}

export async function createReportSchedule(
  ctx: ScheduleContext,
  input: SaveReportScheduleValues,
  callerLanguage: Language,
): Promise<ReportSchedule> {
  const now = ctx.now();
  const row = await ctx.db.transaction((tx) =>
    repository.insertReportSchedule(tx, {
      ...columnsOf(input, callerLanguage),
      tenantId: ctx.tenantId,
      createdByUserId: ctx.userId,
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toReportSchedule(row);
}

export async function updateReportSchedule(
  ctx: ScheduleContext,
  id: string,
  input: SaveReportScheduleValues,
  callerLanguage: Language,
): Promise<ReportSchedule> {
  const row = await ctx.db.transaction((tx) =>
    repository.updateReportSchedule(tx, ctx.tenantId, id, {
      ...columnsOf(input, callerLanguage),
      updatedAt: ctx.now(),
    }),
  );
  if (!row) throw new DomainError('not_found');
  return toReportSchedule(row);
}

export async function deleteReportSchedule(
  ctx: Pick<ScheduleContext, 'db' | 'tenantId'>,
  id: string,
): Promise<void> {
  const deleted = await ctx.db.transaction((tx) => repository.deleteReportSchedule(tx, ctx.tenantId, id));
  if (!deleted) throw new DomainError('not_found');
}
