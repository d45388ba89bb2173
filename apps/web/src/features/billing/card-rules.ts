import type { BillingErrorLike } from './billing-error-text';

/*
 * The card rules of the processor's card element, for the local card form: which brand a number
 * is while it is typed, how the fields are shaped, and what the element says about a half-typed or
 * wrong card before anything is sent (../shared/notes/payments.md). The server's local provider
 * (apps/server/src/modules/billing-provider/card-rules.ts) applies the same rules to what it gets.
 */

/** Card brands as the processor names them (its card element's `brand`, a card's `card.brand`). */
export const CARD_BRANDS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

/** The card as typed into the local form: the number and expiry with the form's spacing. */
export interface CardInput {
  number: string;
  /** `MM / YY`, as `formatExpiry` shapes it. */
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type CardField = keyof CardInput;

/** The form's fields in the order the card element reports their problems. */
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'postalCode'];

/**
 * The raw card handed to the processor (the local provider's tokenize call): digits only, the
 * month as two digits and the year as four, the same fields as the server's `CardFields`.
 */
export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
}

export const POSTAL_CODE_MAX_LENGTH = 10;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The brand of a whole or partly typed number, from its leading digits; `unknown` until they tell. */
export function detectCardBrand(number: string): CardBrand {
  const digits = digitsOf(number);
  const prefix = (length: number) => (digits.length >= length ? Number(digits.slice(0, length)) : NaN);
  if (digits.startsWith('4')) return 'visa';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'mastercard';
  if (prefix(2) === 34 || prefix(2) === 37) return 'amex';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'jcb';
  if (prefix(2) === 36 || prefix(2) === 38 || (prefix(3) >= 300 && prefix(3) <= 305)) return 'diners';
  if (digits.startsWith('6011') || digits.startsWith('65') || (prefix(3) >= 644 && prefix(3) <= 649)) {
    return 'discover';
  }
  if (digits.startsWith('62')) return 'unionpay';
  return 'unknown';
}

/** How many digits a complete number of the brand has. */
export function cardNumberLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

/** How many digits the brand's security code has. */
export function cvcLength(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** The check digit test every card number passes (the Luhn algorithm). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Groups as printed on the card: American Express and Diners 4-6-5 / 4-6-4, the others fours. */
function groupsOf(brand: CardBrand): number[] {
  if (brand === 'amex') return [4, 6, 5];
  if (brand === 'diners') return [4, 6, 4];
  return [4, 4, 4, 4];
}

/** The number as the field shows it: digits only, no more than the brand has, grouped with spaces. */
export function formatCardNumber(input: string): string {
  const brand = detectCardBrand(input);
  const digits = digitsOf(input).slice(0, cardNumberLength(brand));
  const parts: string[] = [];
  let start = 0;
  for (const size of groupsOf(brand)) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * The expiry as the field shows it, `MM / YY`: a first digit above 1 can only be a month of its
 * own, so it gets its leading zero; the separator appears once the year is begun, so deleting
 * backwards never gets stuck on it. A browser's autofill may give `MM/YYYY`, which is shortened.
 */
export function formatExpiry(input: string): string {
  const autofilled = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(input);
  if (autofilled) return `${autofilled[1]!.padStart(2, '0')} / ${autofilled[2]}`;
  let digits = digitsOf(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The security code as the field keeps it: digits, no more than the brand has. */
export function formatCvc(input: string, brand: CardBrand): string {
  return digitsOf(input).slice(0, cvcLength(brand));
}

function splitExpiry(expiry: string): { month: string; year: string } {
  const digits = digitsOf(expiry);
  return { month: digits.slice(0, 2), year: digits.slice(2, 4) };
}

export function validateCardNumber(number: string): BillingErrorLike | undefined {
  const digits = digitsOf(number);
  if (digits.length < cardNumberLength(detectCardBrand(digits))) {
    return { code: 'incomplete_number', param: 'number' };
  }
  return passesLuhn(digits) ? undefined : { code: 'invalid_number', param: 'number' };
}

/**
 * The card element's expiry rules, on the UTC calendar as the processor's: month 00 or 13 is
 * invalid as soon as it is typed; a year before this one is in the past, this year with an
 * earlier month is a date in the past; more than 50 years ahead is an invalid year.
 */
export function validateExpiry(expiry: string, now: Date): BillingErrorLike | undefined {
  const { month, year } = splitExpiry(expiry);
  if (month.length === 2 && (Number(month) < 1 || Number(month) > 12)) {
    return { code: 'invalid_expiry_month', param: 'exp_month' };
  }
  if (month.length < 2 || year.length < 2) return { code: 'incomplete_expiry', param: 'exp' };
  const fullYear = 2000 + Number(year);
  const thisYear = now.getUTCFullYear();
  if (fullYear < thisYear) return { code: 'invalid_expiry_year_past', param: 'exp_year' };
  if (fullYear > thisYear + 50) return { code: 'invalid_expiry_year', param: 'exp_year' };
  if (fullYear === thisYear && Number(month) < now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_month_past', param: 'exp_month' };
  }
  return undefined;
}

/** An empty code is incomplete; one of the wrong length for the brand (2 digits) is invalid. */
export function validateCvc(cvc: string, brand: CardBrand): BillingErrorLike | undefined {
  const digits = digitsOf(cvc);
  if (digits === '') return { code: 'incomplete_cvc', param: 'cvc' };
  return digits.length === cvcLength(brand) && digits === cvc
    ? undefined
    : { code: 'invalid_cvc', param: 'cvc' };
}

export function validatePostalCode(postalCode: string): BillingErrorLike | undefined {
  return postalCode.trim() === '' ? { code: 'incomplete_zip', param: 'address_zip' } : undefined;
}

/** Each field's problem, if it has one. */
export function validateCard(input: CardInput, now: Date): Partial<Record<CardField, BillingErrorLike>> {
  const errors: Partial<Record<CardField, BillingErrorLike>> = {};
  const found = {
    number: validateCardNumber(input.number),
    expiry: validateExpiry(input.expiry, now),
    cvc: validateCvc(input.cvc, detectCardBrand(input.number)),
    postalCode: validatePostalCode(input.postalCode),
  };
  for (const field of CARD_FIELDS) if (found[field]) errors[field] = found[field];
  return errors;
}

/** The card as the processor takes it; call only for a card `validateCard` finds nothing wrong with. */
export function toCardDetails(input: CardInput): CardDetails {
  const { month, year } = splitExpiry(input.expiry);
  return {
    number: digitsOf(input.number),
    expMonth: month,
    expYear: `20${year}`,
    cvc: input.cvc,
    postalCode: input.postalCode.trim(),
  };
}
