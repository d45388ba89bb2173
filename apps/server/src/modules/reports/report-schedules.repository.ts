import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { reportSchedules, type ReportScheduleRow } from './reports.schema';

/** Report schedules of one tenant; every query is limited to it. */

export type ReportScheduleInsert = typeof reportSchedules.$inferInsert;
export type ReportScheduleChanges = Pick<
  ReportScheduleInsert,
  'kind' | 'format' | 'recipients' | 'dayOfMonth' | 'language' | 'updatedAt'
>;

export function findReportSchedules(db: Database, tenantId: string | null): Promise<ReportScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(inTenant(reportSchedules.tenantId, tenantId))
    .orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id));
}

export async function findReportSchedule(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<ReportScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(inTenant(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)));
  return row;
}

export async function insertReportSchedule(
  db: Database,
  values: ReportScheduleInsert,
): Promise<ReportScheduleRow> {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  return row!;
}

export async function updateReportSchedule(
  db: Database,
  tenantId: string | null,
  id: string,
  changes: ReportScheduleChanges,
): Promise<ReportScheduleRow | undefined> {
  const [row] = await db
    .update(reportSchedules)
    .set(changes)
    .where(and(inTenant(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}

export async function deleteReportSchedule(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(reportSchedules)
    .where(and(inTenant(reportSchedules.tenantId, tenantId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}
