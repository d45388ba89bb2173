import { z } from 'zod';
import { ALARM_KINDS } from './alarms';
import { zCultureName } from './languages';

/**
 * Contracts of alarm texts (/api/alarm-texts, spec §7 "alarm texts (event messages)"): the subject
 * and body of the message an alarm receiver gets, per alarm kind, tenant and language, with
 * `{variable}` placeholders. A kind without a saved text uses the shipped default.
 */

/** The variables a template may use, in the order the editor offers them. */
export const ALARM_TEXT_VARIABLES = ['citizen', 'device', 'time', 'address', 'link'] as const;
export type AlarmTextVariable = (typeof ALARM_TEXT_VARIABLES)[number];
export type AlarmTextValues = Readonly<Record<AlarmTextVariable, string>>;

export const ALARM_TEXT_SUBJECT_MAX_LENGTH = 200;
export const ALARM_TEXT_BODY_MAX_LENGTH = 1000;

/** Translation keys (namespace `alarmTexts`) of the rules the server enforces. */
export const ALARM_TEXT_MESSAGE_KEYS = {
  /** A `{name}` that is not one of `ALARM_TEXT_VARIABLES`; params `{ name }`. */
  unknownVariable: 'alarmTexts:unknownVariable',
} as const;

/* A placeholder is a name in braces without spaces or further braces; `{ }` or `{a b}` is text. */
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The names written as `{name}` in a template, in order of first use. */
export function alarmTextPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The template with each known `{name}` replaced by its value; unknown names are left as they are. */
export function renderAlarmText(template: string, values: Readonly<Partial<Record<string, string>>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? whole) : whole,
  );
}

function isAlarmTextVariable(name: string): name is AlarmTextVariable {
  return (ALARM_TEXT_VARIABLES as readonly string[]).includes(name);
}

/** A field error per unknown `{name}` of a template, at `path`. */
function checkPlaceholders(path: 'subject' | 'body', template: string, context: z.RefinementCtx): void {
  const unknown = alarmTextPlaceholders(template).filter((name) => !isAlarmTextVariable(name));
  if (unknown.length > 0) {
    context.addIssue({
      code: 'custom',
      path: [path],
      // The parameters travel after a '|' (see `splitValidationMessage`), so the API's field error has them.
      message: `${ALARM_TEXT_MESSAGE_KEYS.unknownVariable}|${JSON.stringify({ name: unknown.join(', ') })}`,
    });
  }
}

const zAlarmTextFields = z.object({
  subject: z.string().trim().min(1).max(ALARM_TEXT_SUBJECT_MAX_LENGTH),
  body: z.string().trim().min(1).max(ALARM_TEXT_BODY_MAX_LENGTH),
});

/** Both templates use known variables only. */
function checkTemplates(value: z.output<typeof zAlarmTextFields>, context: z.RefinementCtx): void {
  checkPlaceholders('subject', value.subject, context);
  checkPlaceholders('body', value.body, context);
}

/** PUT /api/alarm-texts/:kind/:language */
export const zSaveAlarmTextRequest = zAlarmTextFields.superRefine(checkTemplates);
export type SaveAlarmTextRequest = z.input<typeof zSaveAlarmTextRequest>;
export type SaveAlarmTextValues = z.output<typeof zSaveAlarmTextRequest>;

/** POST /api/alarm-texts/preview: a (possibly unsaved) text of a language, rendered with sample values. */
export const zPreviewAlarmTextRequest = zAlarmTextFields
  .extend({ language: zCultureName })
  .superRefine(checkTemplates);
export type PreviewAlarmTextRequest = z.input<typeof zPreviewAlarmTextRequest>;

export const zAlarmTextPreview = z.object({
  subject: z.string(),
  body: z.string(),
  values: z.record(z.enum(ALARM_TEXT_VARIABLES), z.string()),
});
export type AlarmTextPreview = z.infer<typeof zAlarmTextPreview>;

export const zAlarmTextParams = z.object({ kind: z.enum(ALARM_KINDS), language: zCultureName });
export type AlarmTextParams = z.infer<typeof zAlarmTextParams>;

export const zAlarmText = z.object({
  /** The saved row; null while the kind uses the shipped default. */
  id: z.uuid().nullable(),
  kind: z.enum(ALARM_KINDS),
  language: z.string(),
  subject: z.string(),
  body: z.string(),
  isDefault: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AlarmText = z.infer<typeof zAlarmText>;

/** GET /api/alarm-texts?language=da: every alarm kind, saved or default. */
export const zAlarmTextListRequest = z.object({ language: zCultureName });
export type AlarmTextListRequest = z.infer<typeof zAlarmTextListRequest>;
export const zAlarmTextListResponse = z.object({ language: z.string(), items: z.array(zAlarmText) });
export type AlarmTextListResponse = z.infer<typeof zAlarmTextListResponse>;
