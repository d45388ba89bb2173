import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from './constants';
import { VALIDATION_KEYS } from './validation';

/**
 * Contracts of the data reports (/api/reports, spec §7 "Data reports", issue 20): downloads as xlsx
 * or CSV, streamed, and monthly e-mail schedules. `Homeward.Reports` gates all of it.
 */

/**
 * The reports. `device-alarm-summary` is the device-alarms report's monthly summary (median and p90
 * of the times to acknowledge and to handle, per organization) on its own, so CSV (one table per
 * file) has it too; the device-alarms xlsx carries it as a second sheet.
 */
export const REPORT_KINDS = [
  'user-overview',
  'security-logs',
  'devices',
  'device-alarms',
  'device-alarm-summary',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Reports whose rows are limited to a period (`from`, `to`); the others are today's state. */
export const PERIOD_REPORT_KINDS: readonly ReportKind[] = [
  'security-logs',
  'device-alarms',
  'device-alarm-summary',
];

export const REPORTS_PERMISSION = 'Homeward.Reports';

/** Translation keys (namespace `reports`) of the rules the server enforces. */
export const REPORT_MESSAGE_KEYS = {
  fromAfterTo: 'reports:fromAfterTo',
  periodTooLong: 'reports:periodTooLong',
  recipientsRequired: 'reports:recipientsRequired',
  duplicateRecipient: 'reports:duplicateRecipient',
} as const;

/** At most this many days in one period (ten years: a report over "everything" is still possible). */
export const REPORT_MAX_PERIOD_DAYS = 3660;
export const REPORT_MAX_RECIPIENTS = 20;

/** `GET /api/reports/:file`: the file name is `<kind>.<format>`, e.g. `device-alarms.csv`. */
export const zReportFileParams = z.object({
  file: z
    .string()
    .max(64)
    .regex(
      new RegExp(`^(${REPORT_KINDS.join('|')})\\.(${REPORT_FORMATS.join('|')})$`),
      VALIDATION_KEYS.invalid,
    ),
});

/** A calendar day, `YYYY-MM-DD`; the period's days count whole (to is inclusive). */
const zReportDay = z.iso.date();

/**
 * The period of a download, in whole UTC days: `from` (inclusive) and `to` (inclusive). Either may
 * be left out (open-ended). Reports without a period ignore it.
 */
export const zReportQuery = z
  .object({ from: zReportDay.optional(), to: zReportDay.optional() })
  .superRefine((value, context) => {
    if (!value.from || !value.to) return;
    if (value.from > value.to) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGE_KEYS.fromAfterTo });
      return;
    }
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days > REPORT_MAX_PERIOD_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGE_KEYS.periodTooLong });
    }
  });
export type ReportQuery = z.infer<typeof zReportQuery>;

/** The address of a download, as the web and the scheduled e-mail build it. */
export function reportDownloadPath(kind: ReportKind, format: ReportFormat, query: ReportQuery = {}): string {
  const search = new URLSearchParams();
  if (query.from) search.set('from', query.from);
  if (query.to) search.set('to', query.to);
  const suffix = search.size > 0 ? `?${search.toString()}` : '';
  return `/api/reports/${kind}.${format}${suffix}`;
}

/** The fields of a schedule: POST /api/reports/schedules and PUT /api/reports/schedules/:id. */
export const zSaveReportScheduleRequest = z.object({
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  /** E-mail addresses; duplicates (in any case) are refused. */
  recipients: z
    .array(z.email().max(256))
    .min(1, REPORT_MESSAGE_KEYS.recipientsRequired)
    .max(REPORT_MAX_RECIPIENTS)
    .superRefine((list, context) => {
      const seen = new Set<string>();
      list.forEach((address, index) => {
        const normal = address.toLowerCase();
        if (seen.has(normal)) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: REPORT_MESSAGE_KEYS.duplicateRecipient,
          });
        }
        seen.add(normal);
      });
    }),
  /** The day of the month it is sent, 1 to 28 (every month has them). */
  dayOfMonth: z.number().int().min(1).max(28),
  /** The language of the e-mail and the report's headers; the caller's language when left out. */
  language: z.enum(SUPPORTED_LANGUAGES).optional(),
});
export type SaveReportScheduleRequest = z.input<typeof zSaveReportScheduleRequest>;
export type SaveReportScheduleValues = z.output<typeof zSaveReportScheduleRequest>;

export const zReportSchedule = z.object({
  id: z.uuid(),
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  recipients: z.array(z.string()),
  dayOfMonth: z.number().int(),
  language: z.enum(SUPPORTED_LANGUAGES),
  /** The month (`YYYY-MM`) of the last e-mail sent for it, or null before the first. */
  lastSentMonth: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ReportSchedule = z.infer<typeof zReportSchedule>;

export const zReportScheduleListResponse = z.object({ items: z.array(zReportSchedule) });
export type ReportScheduleListResponse = z.infer<typeof zReportScheduleListResponse>;
