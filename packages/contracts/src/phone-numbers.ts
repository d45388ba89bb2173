/**
 * Phone numbers as phone sign-in compares them: E.164 (`+4520304050`). Users keep their number as
 * they typed it (digits only, `zPhoneNumber`), with or without the country code, so both the stored
 * number and the number typed on the sign-in page are normalised the same way before they meet.
 */

/** The country of a national number (eight digits, as Danish numbers are written without +45). */
export const DEFAULT_PHONE_COUNTRY_CODE = '45';

/** Longer input is not a phone number, whatever it holds. */
const MAX_PHONE_INPUT = 32;

/**
 * `input` in E.164, or null when it is not a phone number. Spaces, dashes, dots and brackets are
 * ignored; a leading `00` is read as `+`; eight digits without a country code are Danish.
 */
export function normalizePhoneNumber(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PHONE_INPUT) return null;
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/[\s().-]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.length === 8) digits = `${DEFAULT_PHONE_COUNTRY_CODE}${digits}`;
  // E.164: a country code that does not start with 0, at most 15 digits in all.
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}

/**
 * The ways a user's digits-only phone number may be stored for the E.164 number `e164`: with the
 * country code, with `00` or `+` before it, and (for the default country) the national number alone.
 */
export function storedPhoneNumberForms(e164: string): string[] {
  const digits = e164.replace(/^\+/, '');
  const forms = [digits, `+${digits}`, `00${digits}`];
  if (
    digits.startsWith(DEFAULT_PHONE_COUNTRY_CODE) &&
    digits.length === DEFAULT_PHONE_COUNTRY_CODE.length + 8
  ) {
    forms.push(digits.slice(DEFAULT_PHONE_COUNTRY_CODE.length));
  }
  return forms;
}
