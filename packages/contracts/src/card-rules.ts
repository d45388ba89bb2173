import { CARD_BRANDS } from './billing';

/*
 * The card rules of the processor's card element (../shared/notes/payments.md): which brand a
 * number is, how many digits its number and security code have, the check digit, and what the
 * element says about a half-typed or wrong card before anything is sent. The web app's local card
 * form checks what is typed with them; the server's local provider uses the same brand, length and
 * check-digit rules for the processor's API.
 */

/** Card brands as the processor names them (its card element's `brand`, a card's `card.brand`). */
export type CardBrand = (typeof CARD_BRANDS)[number];

/** A problem the card element reports, in the processor's error shape (`code`, `param`). */
export interface CardProblem {
  code:
    | 'incomplete_number'
    | 'invalid_number'
    | 'incomplete_expiry'
    | 'invalid_expiry_month'
    | 'invalid_expiry_month_past'
    | 'invalid_expiry_year'
    | 'invalid_expiry_year_past'
    | 'incomplete_cvc'
    | 'invalid_cvc'
    | 'incomplete_zip';
  param: string;
}

/** The card as typed into the local form: the number and expiry with the form's spacing. */
export interface CardInput {
  number: string;
  /** `MM / YY`, as the form shapes it. */
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type CardField = keyof CardInput;

/** The form's fields in the order the card element reports their problems. */
export const CARD_FIELDS: readonly CardField[] = ['number', 'expiry', 'cvc', 'postalCode'];

/**
 * The raw card handed to the processor (the local provider's tokenize call): digits only, the
 * month as two digits and the year as four.
 */
export interface CardDetails {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** A brand as the processor names it (`card.brand`); a name we do not know is `unknown`. */
export function knownCardBrand(brand: string | null | undefined): CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(brand ?? '') ? (brand as CardBrand) : 'unknown';
}

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

function splitExpiry(expiry: string): { month: string; year: string } {
  const digits = digitsOf(expiry);
  return { month: digits.slice(0, 2), year: digits.slice(2, 4) };
}

/**
 * Anything but digits and the spaces between the groups makes a number invalid; a number short of
 * the brand's length is incomplete; a whole one must pass the check digit.
 */
export function validateCardNumber(number: string): CardProblem | undefined {
  if (/[^\d\s]/.test(number)) return { code: 'invalid_number', param: 'number' };
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
export function validateExpiry(expiry: string, now: Date): CardProblem | undefined {
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
export function validateCvc(cvc: string, brand: CardBrand): CardProblem | undefined {
  const digits = digitsOf(cvc);
  if (digits === '') return { code: 'incomplete_cvc', param: 'cvc' };
  return digits.length === cvcLength(brand) && digits === cvc
    ? undefined
    : { code: 'invalid_cvc', param: 'cvc' };
}

export function validatePostalCode(postalCode: string): CardProblem | undefined {
  return postalCode.trim() === '' ? { code: 'incomplete_zip', param: 'address_zip' } : undefined;
}

/** Each field's problem, if it has one. */
export function validateCard(input: CardInput, now: Date): Partial<Record<CardField, CardProblem>> {
  const errors: Partial<Record<CardField, CardProblem>> = {};
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
