import { z } from 'zod';

/**
 * Generic validation message keys (spec §5). Server and web produce the same key for the same rule,
 * so a field error reads the same in a form and in an API response.
 */
export const VALIDATION_KEYS = {
  required: 'validation.required',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  exactLength: 'validation.exactLength',
  numberMin: 'validation.numberMin',
  numberMax: 'validation.numberMax',
  mustBeNumber: 'validation.mustBeNumber',
  digitsOnly: 'validation.digitsOnly',
  invalid: 'validation.invalid',
  email: 'validation.email',
  /** U+0000 in any request text; PostgreSQL cannot store it, so the server refuses it up front. */
  noNullCharacter: 'validation.noNullCharacter',
} as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[keyof typeof VALIDATION_KEYS];

/** A translation key plus its parameters, as carried in `validationErrors`. */
export interface ValidationMessage {
  key: string;
  params?: Record<string, string | number>;
}

type Issue = z.core.$ZodRawIssue;

/**
 * Maps a zod issue to a translation key with parameters. Schemas may also pass an explicit key as
 * their message (`z.string().regex(/^\d+$/, VALIDATION_KEYS.digitsOnly)`); that wins.
 */
export function validationMessageOf(issue: Issue): ValidationMessage {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return { key: VALIDATION_KEYS.required };
      }
      if (issue.expected === 'number' || issue.expected === 'int')
        return { key: VALIDATION_KEYS.mustBeNumber };
      return { key: VALIDATION_KEYS.invalid };
    case 'too_small': {
      const count = Number(issue.minimum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (issue.exact) return { key: VALIDATION_KEYS.exactLength, params: { count } };
        if (count === 1 && issue.origin === 'string') return { key: VALIDATION_KEYS.required };
        return { key: VALIDATION_KEYS.minLength, params: { count } };
      }
      return { key: VALIDATION_KEYS.numberMin, params: { count } };
    }
    case 'too_big': {
      const count = Number(issue.maximum);
      if (issue.origin === 'string' || issue.origin === 'array') {
        if (issue.exact) return { key: VALIDATION_KEYS.exactLength, params: { count } };
        return { key: VALIDATION_KEYS.maxLength, params: { count } };
      }
      return { key: VALIDATION_KEYS.numberMax, params: { count } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: VALIDATION_KEYS.email };
      return { key: VALIDATION_KEYS.invalid };
    default:
      return { key: VALIDATION_KEYS.invalid };
  }
}

/**
 * Install the key-producing error map. Both apps call this once at start-up; messages given
 * explicitly in a schema are left alone.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      const { key, params } = validationMessageOf(issue);
      // zod keeps only the string; the params travel encoded after a '|' and are split again by
      // splitValidationMessage, so one string carries both the key and its parameters.
      return params ? `${key}|${JSON.stringify(params)}` : key;
    },
  });
}

/** Splits a message made by the error map back into its key and parameters. */
export function splitValidationMessage(message: string): ValidationMessage {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar) };
  }
}

/** Field-level errors from a zod error, with dotted field paths. */
export function fieldErrorsOf(
  error: z.ZodError,
): { field: string; message: string; params?: Record<string, string | number> }[] {
  return error.issues.map((issue) => {
    const { key, params } = splitValidationMessage(issue.message);
    return { field: issue.path.map(String).join('.'), message: key, ...(params ? { params } : {}) };
  });
}
