import {
  REPORT_FORMATS,
  REPORT_KINDS,
  SUPPORTED_LANGUAGES,
  zSaveReportScheduleRequest,
  type ReportSchedule,
  type SaveReportScheduleRequest,
} from '@homeward/contracts';
import { z } from 'zod';

/** The addresses of the recipients field: split at commas, semicolons and line breaks. */
export function splitRecipients(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/**
 * The schedule dialog's form: the contract's fields, with the recipients as one text (one address
 * per line or comma), checked by the contract's own rule so the form says what the server would.
 */
export const zReportScheduleForm = z.object({
  kind: z.enum(REPORT_KINDS),
  format: z.enum(REPORT_FORMATS),
  recipients: z
    .string()
    .max(6000)
    .superRefine((text, context) => {
      const result = zSaveReportScheduleRequest.shape.recipients.safeParse(splitRecipients(text));
      if (!result.success) context.addIssue({ code: 'custom', message: result.error.issues[0]!.message });
    }),
  dayOfMonth: zSaveReportScheduleRequest.shape.dayOfMonth,
  language: z.enum(SUPPORTED_LANGUAGES),
});
export type ReportScheduleFormValues = z.infer<typeof zReportScheduleForm>;

export function formValuesOf(
  schedule: ReportSchedule | undefined,
  language: string,
): ReportScheduleFormValues {
  const fallbackLanguage = (SUPPORTED_LANGUAGES as readonly string[]).includes(language)
    ? (language as ReportScheduleFormValues['language'])
    : 'en';
  return schedule
    ? {
        kind: schedule.kind,
        format: schedule.format,
        recipients: schedule.recipients.join('\n'),
        dayOfMonth: schedule.dayOfMonth,
        language: schedule.language,
      }
    : { kind: 'device-alarms', format: 'xlsx', recipients: '', dayOfMonth: 1, language: fallbackLanguage };
}

export function requestOf(values: ReportScheduleFormValues): SaveReportScheduleRequest {
  return { ...values, recipients: splitRecipients(values.recipients) };
}
