import { describe, expect, it } from 'vitest';
import en from '@homeward/i18n/locales/en/billing.json';
import da from '@homeward/i18n/locales/da/billing.json';
import {
  BILLING_ERROR_KEYS,
  billingErrorKey,
  toBillingError,
  type BillingErrorLike,
  type BillingErrorSource,
} from './billing-error-text';

const english = (key: string) => en.errors[key.replace('billing:errors.', '') as keyof typeof en.errors];

/** SPEC §8's card provider texts, each with a failure that must read as it. */
const SPEC_TEXTS: [text: string, error: BillingErrorLike, source?: BillingErrorSource][] = [
  ['invalid expiry year in the past', { code: 'invalid_expiry_year_past', param: 'exp_year' }, 'card-form'],
  ['invalid expiry month', { code: 'invalid_expiry_month', param: 'exp_month' }],
  ['invalid expiry year', { code: 'invalid_expiry_year', param: 'exp_year' }],
  ['invalid card number', { code: 'invalid_number' }, 'card-form'],
  ['invalid cvc', { code: 'invalid_cvc', param: 'cvc' }],
  ['incorrect number', { code: 'incorrect_number', param: 'number' }],
  ['incorrect cvc', { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', param: 'cvc' }],
  ['expired card', { code: 'expired_card', declineCode: 'expired_card', param: 'exp_month' }],
  ['card declined', { code: 'card_declined', declineCode: 'generic_decline' }],
  ['incorrect zip', { code: 'incorrect_zip', declineCode: 'incorrect_zip', param: 'address_zip' }],
  ['invalid expiry date', { code: 'invalid_expiry_month_past', param: 'exp_month' }, 'card-form'],
  ['invalid number', { code: 'invalid_number', param: 'number' }, 'processor'],
  ['card not supported', { code: 'card_declined', declineCode: 'card_not_supported' }],
  ['invalid transaction', { code: 'card_declined', declineCode: 'transaction_not_allowed' }],
  ['missing card', { code: 'missing' }],
  ['incomplete expiry', { code: 'incomplete_expiry' }, 'card-form'],
  ['incomplete cvc', { code: 'incomplete_cvc' }, 'card-form'],
  ['incomplete zip', { code: 'incomplete_zip' }, 'card-form'],
  ['incomplete number', { code: 'incomplete_number' }, 'card-form'],
  ['unknown error', { code: 'processing_error', declineCode: 'processing_error' }],
];

describe('billingErrorKey', () => {
  it('covers the 20 card texts of the spec', () => {
    expect(new Set(SPEC_TEXTS.map(([text]) => text)).size).toBe(20);
  });

  it.each(SPEC_TEXTS)('reads "%s" for its processor failure', (text, error, source) => {
    expect(english(billingErrorKey(error, { source })).toLowerCase()).toBe(text);
  });

  it('gives every spec text its own key', () => {
    const keys = SPEC_TEXTS.map(([, error, source]) => billingErrorKey(error, { source }));
    expect(new Set(keys).size).toBe(20);
  });

  it('reads the other billing texts of the spec', () => {
    expect(english(billingErrorKey({ code: 'customer_not_found', param: 'customer' }))).toBe(
      'Payment customer not found, please contact support',
    );
    expect(english(billingErrorKey({ code: 'resource_missing', param: 'customer' }))).toBe(
      'Payment customer not found, please contact support',
    );
    expect(english(billingErrorKey({ code: 'default_card_required' }))).toBe(
      'No payment method: a default card is required',
    );
    expect(english(BILLING_ERROR_KEYS.loadingFailed)).toBe('Loading subscription information failed');
  });

  it('keeps "card declined" for decline codes that name no problem with the card', () => {
    for (const declineCode of [
      'insufficient_funds',
      'generic_decline',
      'do_not_honor',
      'lost_card',
      undefined,
    ]) {
      expect(billingErrorKey({ code: 'card_declined', declineCode })).toBe(BILLING_ERROR_KEYS.cardDeclined);
    }
  });

  it('reads a card not supported or a transaction not allowed the same as a code or a decline code', () => {
    expect(billingErrorKey({ code: 'card_not_supported' })).toBe(BILLING_ERROR_KEYS.cardNotSupported);
    expect(billingErrorKey({ code: 'transaction_not_allowed' })).toBe(BILLING_ERROR_KEYS.invalidTransaction);
  });

  it('reads an API invalid_number as "invalid number" unless the card form found it', () => {
    expect(billingErrorKey({ code: 'invalid_number' })).toBe(BILLING_ERROR_KEYS.invalidNumber);
    expect(billingErrorKey({ code: 'invalid_number' }, { source: 'card-form' })).toBe(
      BILLING_ERROR_KEYS.invalidCardNumber,
    );
  });

  it.each(['processing_error', 'api_error', 'resource_missing', 'rate_limit', '', 'toString', '__proto__'])(
    'reads the unknown code %j as "unknown error"',
    (code) => {
      expect(billingErrorKey({ code })).toBe(BILLING_ERROR_KEYS.unknownError);
    },
  );

  it('has a Danish text for every key', () => {
    for (const key of Object.values(BILLING_ERROR_KEYS)) {
      const name = key.replace('billing:errors.', '') as keyof typeof da.errors;
      expect(da.errors[name], key).toBeTruthy();
      expect(da.errors[name], key).not.toBe(english(key));
    }
  });
});

describe('toBillingError', () => {
  it('keeps the code, decline code and field of an error-like value', () => {
    const error = Object.assign(new Error('declined'), {
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    expect(toBillingError(error)).toEqual({ code: 'card_declined', declineCode: 'insufficient_funds' });
    expect(toBillingError({ code: 'incorrect_cvc', param: 'cvc', extra: 1 })).toEqual({
      code: 'incorrect_cvc',
      param: 'cvc',
    });
  });

  it('turns anything without a code into an unknown error', () => {
    for (const value of [new TypeError('Failed to fetch'), null, undefined, 'card_declined', { code: 42 }]) {
      expect(billingErrorKey(toBillingError(value))).toBe(BILLING_ERROR_KEYS.unknownError);
    }
  });
});
