import { zSaveAlarmTextRequest, type AlarmText } from '@homeward/contracts';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

/** The two templates of an alarm text, as edited. */
export interface AlarmTextDraft {
  subject: string;
  body: string;
}
export type AlarmTextField = keyof AlarmTextDraft;
export type AlarmTextErrors = Partial<Record<AlarmTextField, string>>;

export function draftOf(text: AlarmText): AlarmTextDraft {
  return { subject: text.subject, body: text.body };
}

function fieldLabel(t: TFunction, field: string): string {
  return t(`alarmTexts:${field === 'body' ? 'body' : 'subject'}`);
}

/** The contract's rules on the draft, as the translated text of each field's first error. */
export function draftErrors(t: TFunction, draft: AlarmTextDraft): AlarmTextErrors {
  const result = zSaveAlarmTextRequest.safeParse(draft);
  const errors: AlarmTextErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as AlarmTextField;
    errors[field] ??= translateValidationMessage(t, issue.message, fieldLabel(t, field));
  }
  return errors;
}

/** The server's field errors of a failed save, translated. */
export function serverErrors(t: TFunction, error: unknown): AlarmTextErrors {
  const errors: AlarmTextErrors = {};
  if (!(error instanceof ApiRequestError)) return errors;
  for (const fieldError of error.body?.error.validationErrors ?? []) {
    const field = fieldError.field as AlarmTextField;
    if (field !== 'subject' && field !== 'body') continue;
    errors[field] ??= translateValidationMessage(
      t,
      fieldError.message,
      fieldLabel(t, field),
      fieldError.params,
    );
  }
  return errors;
}

/** `text` with `insert` put in place of the selection `[start, end)`; the caret goes after it. */
export function insertAt(text: string, insert: string, start: number, end: number) {
  return { text: `${text.slice(0, start)}${insert}${text.slice(end)}`, caret: start + insert.length };
}
