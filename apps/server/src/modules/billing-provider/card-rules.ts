import { cvcLength, detectCardBrand, passesLuhn, type CardBrand } from '@homeward/contracts';
import { BillingError, type BillingFailure } from './billing-error';

/*
 * The card rules of the processor's test mode, for the local provider: what its API says about a
 * bad card and what each test card number does (../shared/notes/payments.md). Brands, lengths and
 * the check digit are the card element's rules, shared with the web's card form
 * (@homeward/contracts card-rules). Nothing here keeps a card number.
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

/** A two-digit year as the card shows it (`27`) or a full one (`2027`). */
export function fullYear(year: string): number {
  return year.length === 2 ? 2000 + Number(year) : Number(year);
}

const fail = (code: BillingFailure['code'], param: string) => new BillingError(code, { param });

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
  const brand = detectCardBrand(digits);
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
