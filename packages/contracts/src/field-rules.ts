import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

/**
 * Field rules shared by the customer, contact-person and product contracts. Optional text fields
 * take '' for "none", so a form can clear them; the rule applies only to a non-empty value.
 */

/** A message key with parameters in the form the contracts' error map produces (`key|{json}`). */
export function keyWithParams(key: string, params: Record<string, string | number>): string {
  return `${key}|${JSON.stringify(params)}`;
}

/** Optional text up to `max` characters. */
export const zOptionalText = (max: number) => z.string().trim().max(max).optional().default('');

/** A uuid or nothing: an empty picker sends '' or null. */
export const zOptionalId = z
  .preprocess((value) => (value === '' ? null : value), z.uuid().nullish())
  .transform((value) => value ?? null);

/** An optional e-mail address: '' or a valid address. */
export const zOptionalEmail = z
  .string()
  .trim()
  .max(256)
  .refine((value) => value === '' || z.email().safeParse(value).success, VALIDATION_KEYS.email)
  .optional()
  .default('');

/** An optional phone number: digits with an optional leading '+'. */
export const zOptionalPhone = z
  .string()
  .trim()
  .max(20)
  .regex(/^\+?\d*$/, VALIDATION_KEYS.digitsOnly)
  .optional()
  .default('');

/** '' or exactly `count` digits: "digits only" first, then "exact length {count}". */
export function zOptionalDigits(count: number) {
  return z
    .string()
    .trim()
    .regex(/^\d*$/, VALIDATION_KEYS.digitsOnly)
    .refine(
      (value) => value === '' || value.length === count,
      keyWithParams(VALIDATION_KEYS.exactLength, { count }),
    )
    .optional()
    .default('');
}

/** The years PostgreSQL's `timestamptz` takes that an ISO date-time can also be written with. */
const STORABLE_YEARS = { min: 1, max: 9999 };

/**
 * A date-time a client sends (ISO with offset) that the database can compare and store: year 0
 * parses in JavaScript but PostgreSQL has none ("date/time field value out of range"), and past
 * 9999 in UTC the ISO text needs a six-digit year. Outside that range it is `validation.invalid`.
 */
export const zDateTimeInput = z.iso.datetime({ offset: true }).refine((text) => {
  const year = new Date(text).getUTCFullYear();
  return year >= STORABLE_YEARS.min && year <= STORABLE_YEARS.max;
}, VALIDATION_KEYS.invalid);
