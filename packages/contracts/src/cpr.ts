import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

/**
 * The Danish personal identification number (CPR, `DDMMYY-SSSS`) of a citizen: its rules, its
 * canonical form and the masked form lists and logs show.
 */

/** Translation keys (namespace `citizens`) of the CPR rules. */
export const CPR_MESSAGE_KEYS = {
  cprInvalid: 'citizens:cprInvalid',
  cprInvalidDate: 'citizens:cprInvalidDate',
} as const;

/** Century of a CPR number's birth year from the 7th digit and the year (Danish CPR rules). */
export function cprBirthYear(yy: number, seventhDigit: number): number {
  if (seventhDigit <= 3) return 1900 + yy;
  if (seventhDigit === 4 || seventhDigit === 9) return yy <= 36 ? 2000 + yy : 1900 + yy;
  return yy <= 57 ? 2000 + yy : 1800 + yy;
}

/**
 * What is wrong with a CPR number, as a translation key, or null when it is valid. Accepts
 * `DDMMYY-SSSS` or 10 digits; the date must exist in the century the 7th digit gives
 * (29 February only in leap years). No modulus-11 check: CPR numbers since 2007 need not pass it.
 */
export function cprProblem(value: string): string | null {
  const match = /^(\d{2})(\d{2})(\d{2})-?(\d)\d{3}$/.exec(value.trim());
  if (!match) return CPR_MESSAGE_KEYS.cprInvalid;
  const [day, month, yy, seventh] = match.slice(1).map(Number) as [number, number, number, number];
  const year = cprBirthYear(yy, seventh);
  const date = new Date(Date.UTC(year, month - 1, day));
  const exists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists ? null : CPR_MESSAGE_KEYS.cprInvalidDate;
}

/** The canonical form `DDMMYY-SSSS` of a valid CPR number (with or without the dash). */
export function normaliseCpr(value: string): string {
  const digits = value.trim().replace('-', '');
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

/** The form lists show: the birth date, never the serial digits (`DDMMYY-XXXX`). */
export function maskCpr(cpr: string): string {
  return `${normaliseCpr(cpr).slice(0, 6)}-XXXX`;
}

/** A CPR number, normalised to `DDMMYY-SSSS`. */
export const zCpr = z
  .string()
  .trim()
  .min(1, VALIDATION_KEYS.required)
  .superRefine((value, context) => {
    const problem = cprProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform(normaliseCpr);
