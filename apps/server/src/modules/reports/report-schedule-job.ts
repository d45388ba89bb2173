import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { serverTexts } from '../../platform/i18n/server-texts';
import { startIntervalJob, type JobLogger } from '../../platform/jobs/interval-job';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { reportSchedules, type ReportScheduleRow } from './reports.schema';

/*
 * The report schedules' monthly e-mail (issue 20), on worker nodes (ROLE worker or all), every hour.
 * On or after its day of the month (UTC), each schedule gets one e-mail per recipient through the
 * outbox, saying last month's report is ready, with a link to the reports page that opens it with
 * that month chosen (downloads need a signed-in user with Homeward.Reports, so the file is not
 * attached: a forwarded e-mail gives nobody the data).
 *
 * Once per schedule and month: the run claims the month by moving `last_sent_month` forward with a
 * conditional UPDATE in the transaction that queues the e-mails. A second run (or a second worker
 * racing it, which waits for the row lock and then finds the condition false) queues nothing.
 */

export const REPORT_SCHEDULE_INTERVAL_MS = 60 * 60_000;

export interface ReportScheduleJobDependencies {
  /** The process database (a background job: it runs as the owner, across tenants). */
  db: Database;
  /** The web app's address, for the link in the e-mail. */
  publicUrl: string;
  now: () => Date;
  logger?: JobLogger;
}

/** `YYYY-MM` of a time, in UTC. */
export function monthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The first and last day (`YYYY-MM-DD`) of the calendar month before `at`'s, in UTC. */
export function previousMonthPeriod(at: Date): { from: string; to: string; month: string } {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 0));
  const day = (value: Date) => value.toISOString().slice(0, 10);
  return { from: day(first), to: day(last), month: monthOf(first) };
}

/** Queues the e-mails of every schedule due this month and not yet sent; returns how many schedules. */
export async function sendDueReportSchedules(deps: ReportScheduleJobDependencies): Promise<number> {
  const now = deps.now();
  const month = monthOf(now);
  const notSentThisMonth = or(
    isNull(reportSchedules.lastSentMonth),
    lt(reportSchedules.lastSentMonth, month),
  );
  const due = await deps.db
    .select({ id: reportSchedules.id })
    .from(reportSchedules)
    .where(and(lte(reportSchedules.dayOfMonth, now.getUTCDate()), notSentThisMonth))
    .orderBy(asc(reportSchedules.id));
  let sent = 0;
  for (const { id } of due) {
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(reportSchedules)
        .set({ lastSentMonth: month })
        .where(and(eq(reportSchedules.id, id), notSentThisMonth))
        .returning();
      if (!row) return false;
      await queueReportEmails(tx, row, deps.publicUrl, now);
      return true;
    });
    if (claimed) sent += 1;
  }
  if (sent > 0) deps.logger?.info({ schedules: sent, month }, 'report schedules e-mailed');
  return sent;
}

async function queueReportEmails(db: Database, schedule: ReportScheduleRow, publicUrl: string, now: Date) {
  await serverTexts.load([schedule.language], ['reports']);
  const period = previousMonthPeriod(now);
  const translate = (key: string, params?: Record<string, string>) =>
    serverTexts.translate(schedule.language, key, params);
  const search = new URLSearchParams({
    kind: schedule.kind,
    format: schedule.format,
    from: period.from,
    to: period.to,
  });
  const report = translate(`reports:kinds.${schedule.kind}`);
  const params = { report, month: period.month, format: schedule.format.toUpperCase() };
  for (const recipient of schedule.recipients) {
    await enqueueEmail(db, {
      tenantId: schedule.tenantId,
      to: recipient,
      subject: translate('reports:email.subject', params),
      body: [
        translate('reports:email.body', params),
        '',
        `${publicUrl}/reports?${search.toString()}`,
        '',
        translate('reports:email.footer'),
      ].join('\n'),
    });
  }
}

/** Starts the hourly run; returns its stop function. */
export function startReportScheduleJob(
  deps: Omit<ReportScheduleJobDependencies, 'now'>,
): () => Promise<void> {
  const run = () => sendDueReportSchedules({ ...deps, now: () => new Date() });
  return startIntervalJob(REPORT_SCHEDULE_INTERVAL_MS, 'report schedules', run, deps.logger);
}
