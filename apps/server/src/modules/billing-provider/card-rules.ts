import { BillingError, type BillingFailure } from './billing-error';
import type { CardBrand } from './billing-provider';

/*
 * The card rules of the processor's test mode, for the local provider: which brand a number is,
 * what its card form says about a half-typed card, what its API says about a bad one, and what
 * each test card number does (../shared/notes/payments.md). Nothing here keeps a card number.
 */

/** Brands the local provider accepts; any other brand is declined with `card_not_supported`. */
export const ACCEPTED_BRANDS: readonly CardBrand[] = ['visa', 'mastercard'];

/**
 * Test numbers with an outcome other than success. `setup` fails when the card is saved (the
 * processor checks a card when it is attached); `charge` fails on every charge of a saved card.
 * 4000000000001075 (transaction not allowed) is our own choice: the processor has no test card for
 * it. Card not supported is any brand outside ACCEPTED_BRANDS, e.g. the JCB test card
 * 3566002020360505.
 */
export const TEST_CARD_OUTCOMES: Readonly<
  Record<string, { setup?: BillingFailure; charge?: BillingFailure }>
> = {
  '4000000000000002': { setup: { code: 'card_declined', declineCode: 'generic_decline' } },
  '4000000000009995': { setup: { code: 'card_declined', declineCode: 'insufficient_funds' } },
  '4000000000000341': { charge: { code: 'card_declined', declineCode: 'generic_decline' } },
  '4000000000000069': { setup: { code: 'expired_card', declineCode: 'expired_card', param: 'exp_month' } },
  '4000000000000127': { setup: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', param: 'cvc' } },
  '4000000000000036': {
    setup: { code: 'incorrect_zip', declineCode: 'incorrect_zip', param: 'address_zip' },
  },
  '4000000000000119': { setup: { code: 'processing_error', declineCode: 'processing_error' } },
  '4000000000001075': { setup: { code: 'card_declined', declineCode: 'transaction_not_allowed' } },
};

/** The documented local test number for a brand the local provider does not accept (JCB). */
export const CARD_NOT_SUPPORTED_TEST_NUMBER = '3566002020360505';

/** Card details as the card form or an API call gives them; all text, as typed. */
export interface CardFields {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  postalCode?: string;
}

export function brandOf(number: string): CardBrand {
  const digits = number.replace(/\D/g, '');
  const prefix = (length: number) => Number(digits.slice(0, length));
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

/** The number of digits a complete number of the brand has. */
function fullLength(brand: CardBrand): number {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

const cvcLength = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A two-digit year as the card shows it (`27`) or a full one (`2027`). */
function fullYear(year: string): number {
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

const fail = (code: BillingFailure['code'], param: string) => new BillingError(code, { param });

/**
 * What the processor's card element says about the form before anything is sent (first problem
 * only, in the form's order): a partly typed number, expiry, CVC or zip is `incomplete_*`; a whole
 * number failing the check digit is `invalid_number`; month 13 is `invalid_expiry_month`; an expiry
 * in the past is `invalid_expiry_year_past` / `invalid_expiry_month_past`; a CVC of the wrong
 * length (2 digits) is `invalid_cvc`, an empty one `incomplete_cvc`.
 */
export function validateCardForm(fields: CardFields, now: Date): BillingFailure | undefined {
  const number = fields.number.replace(/\s/g, '');
  const brand = brandOf(number);
  if (!/^\d*$/.test(number)) return { code: 'invalid_number', param: 'number' };
  if (number.length < fullLength(brand)) return { code: 'incomplete_number', param: 'number' };
  if (number.length > 19 || !passesLuhn(number)) return { code: 'invalid_number', param: 'number' };

  const month = fields.expMonth.trim();
  const year = fields.expYear.trim();
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) {
    return { code: 'incomplete_expiry', param: 'exp' };
  }
  if (Number(month) < 1 || Number(month) > 12) return { code: 'invalid_expiry_month', param: 'exp_month' };
  const thisYear = now.getUTCFullYear();
  if (fullYear(year) < thisYear) return { code: 'invalid_expiry_year_past', param: 'exp_year' };
  if (fullYear(year) > thisYear + 50) return { code: 'invalid_expiry_year', param: 'exp_year' };
  if (fullYear(year) === thisYear && Number(month) < now.getUTCMonth() + 1) {
    return { code: 'invalid_expiry_month_past', param: 'exp_month' };
  }

  const cvc = fields.cvc.trim();
  if (cvc === '') return { code: 'incomplete_cvc', param: 'cvc' };
  if (!/^\d+$/.test(cvc) || cvc.length !== cvcLength(brand)) return { code: 'invalid_cvc', param: 'cvc' };

  if (fields.postalCode !== undefined && fields.postalCode.trim() === '') {
    return { code: 'incomplete_zip', param: 'address_zip' };
  }
  return undefined;
}

/**
 * What the processor's API says about raw card details (test mode: the card is not checked with
 * an issuer here; see `checkTestCard`). Throws the first problem: a number of the wrong shape is
 * `invalid_number`, one failing the check digit `incorrect_number`; a bad month
 * `invalid_expiry_month`; a past expiry `invalid_expiry_year`; a bad CVC `invalid_cvc`.
 */
export function validateCardForApi(fields: CardFields, now: Date): { digits: string; brand: CardBrand } {
  const digits = fields.number.replace(/\s/g, '');
  if (!/^\d{12,19}$/.test(digits)) throw fail('invalid_number', 'number');
  if (!passesLuhn(digits)) throw fail('incorrect_number', 'number');
  const month = Number(fields.expMonth);
  if (!/^\d{1,2}$/.test(fields.expMonth.trim()) || month < 1 || month > 12) {
    throw fail('invalid_expiry_month', 'exp_month');
  }
  if (!/^(\d{2}|\d{4})$/.test(fields.expYear.trim())) throw fail('invalid_expiry_year', 'exp_year');
  const year = fullYear(fields.expYear.trim());
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) throw fail('invalid_expiry_year', 'exp_year');
  if (year === thisYear && month < now.getUTCMonth() + 1) throw fail('invalid_expiry_month', 'exp_month');
  const brand = brandOf(digits);
  if (!new RegExp(`^\\d{${cvcLength(brand)}}$`).test(fields.cvc.trim())) throw fail('invalid_cvc', 'cvc');
  return { digits, brand };
}

/**
 * The issuer's answer to saving the card, in test mode: throws for the declining test numbers and
 * for brands the local provider does not accept; returns whether its charges will fail.
 */
export function checkTestCard(digits: string, brand: CardBrand): { chargeFailure?: BillingFailure } {
  if (!ACCEPTED_BRANDS.includes(brand)) {
    throw new BillingError('card_declined', { declineCode: 'card_not_supported' });
  }
  const outcome = TEST_CARD_OUTCOMES[digits];
  if (outcome?.setup) throw BillingError.of(outcome.setup);
  return outcome?.charge ? { chargeFailure: outcome.charge } : {};
}

/** Whether a card expiring at the end of `expMonth`/`expYear` has expired at `now`. */
export function hasExpired(expMonth: number, expYear: number, now: Date): boolean {
  return Date.UTC(expYear, expMonth, 1) <= now.getTime();
}
