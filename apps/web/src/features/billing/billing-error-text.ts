/**
 * A billing failure as the server's BillingError sends it, and as Stripe.js reports it: the
 * processor's code, the issuer's decline code and the field it is about (../shared/notes/payments.md).
 */
export interface BillingErrorLike {
  code: string;
  declineCode?: string;
  param?: string;
}

/**
 * Where an error was found: the card form (our local fields, or Stripe's card element before it
 * sends anything) or the processor's API. Only `invalid_number` reads differently: the form says
 * "invalid card number" about what was typed, the API "invalid number" about what it was sent.
 */
export type BillingErrorSource = 'card-form' | 'processor';

/** Every billing text the message table can give, as `billing:` translation keys. */
export const BILLING_ERROR_KEYS = {
  invalidExpiryYearPast: 'billing:errors.invalidExpiryYearPast',
  invalidExpiryMonth: 'billing:errors.invalidExpiryMonth',
  invalidExpiryYear: 'billing:errors.invalidExpiryYear',
  invalidCardNumber: 'billing:errors.invalidCardNumber',
  invalidCvc: 'billing:errors.invalidCvc',
  incorrectNumber: 'billing:errors.incorrectNumber',
  incorrectCvc: 'billing:errors.incorrectCvc',
  expiredCard: 'billing:errors.expiredCard',
  cardDeclined: 'billing:errors.cardDeclined',
  incorrectZip: 'billing:errors.incorrectZip',
  invalidExpiryDate: 'billing:errors.invalidExpiryDate',
  invalidNumber: 'billing:errors.invalidNumber',
  cardNotSupported: 'billing:errors.cardNotSupported',
  invalidTransaction: 'billing:errors.invalidTransaction',
  missingCard: 'billing:errors.missingCard',
  incompleteExpiry: 'billing:errors.incompleteExpiry',
  incompleteCvc: 'billing:errors.incompleteCvc',
  incompleteZip: 'billing:errors.incompleteZip',
  incompleteNumber: 'billing:errors.incompleteNumber',
  unknownError: 'billing:errors.unknownError',
  customerNotFound: 'billing:errors.customerNotFound',
  /** Not a processor code: the billing screen shows it when its queries fail. */
  loadingFailed: 'billing:errors.loadingFailed',
  noDefaultCard: 'billing:errors.noDefaultCard',
} as const;

export type BillingErrorKey = (typeof BILLING_ERROR_KEYS)[keyof typeof BILLING_ERROR_KEYS];

const K = BILLING_ERROR_KEYS;

/** The processor's error codes (and our own billing codes) with a text of their own. */
const CODE_KEYS: Readonly<Record<string, BillingErrorKey>> = {
  invalid_expiry_year_past: K.invalidExpiryYearPast,
  // The card element's "expiry date is in the past" (this year, an earlier month).
  invalid_expiry_month_past: K.invalidExpiryDate,
  invalid_expiry_month: K.invalidExpiryMonth,
  invalid_expiry_year: K.invalidExpiryYear,
  invalid_cvc: K.invalidCvc,
  incorrect_number: K.incorrectNumber,
  incorrect_cvc: K.incorrectCvc,
  expired_card: K.expiredCard,
  card_declined: K.cardDeclined,
  incorrect_zip: K.incorrectZip,
  card_not_supported: K.cardNotSupported,
  transaction_not_allowed: K.invalidTransaction,
  missing: K.missingCard,
  incomplete_number: K.incompleteNumber,
  incomplete_expiry: K.incompleteExpiry,
  incomplete_cvc: K.incompleteCvc,
  incomplete_zip: K.incompleteZip,
  customer_not_found: K.customerNotFound,
  // Our own rule (inviting a household member, subscribing): the account has no default card.
  default_card_required: K.noDefaultCard,
};

/**
 * Decline codes that say more than "declined": the issuer named what is wrong with the card.
 * Any other decline code (insufficient_funds, generic_decline, ...) stays "card declined".
 */
const DECLINE_CODE_KEYS: Readonly<Record<string, BillingErrorKey>> = {
  card_not_supported: K.cardNotSupported,
  transaction_not_allowed: K.invalidTransaction,
  expired_card: K.expiredCard,
  incorrect_cvc: K.incorrectCvc,
  incorrect_zip: K.incorrectZip,
  incorrect_number: K.incorrectNumber,
  invalid_cvc: K.invalidCvc,
  invalid_expiry_month: K.invalidExpiryMonth,
  invalid_expiry_year: K.invalidExpiryYear,
};

/**
 * The one message table for billing errors: the translation key of the text a user reads for a
 * failure. Unknown codes (processing_error, api_error, anything new) read "unknown error".
 */
export function billingErrorKey(
  error: BillingErrorLike,
  { source = 'processor' }: { source?: BillingErrorSource } = {},
): BillingErrorKey {
  const { code, declineCode, param } = error;
  if (code === 'invalid_number') return source === 'card-form' ? K.invalidCardNumber : K.invalidNumber;
  if (code === 'card_declined' && declineCode) return DECLINE_CODE_KEYS[declineCode] ?? K.cardDeclined;
  // The processor's own "No such customer" before an adapter turned it into customer_not_found.
  if (code === 'resource_missing' && param === 'customer') return K.customerNotFound;
  return Object.hasOwn(CODE_KEYS, code) ? CODE_KEYS[code]! : K.unknownError;
}

/**
 * A thrown or returned value as a billing error: an object with a string `code` keeps its code,
 * decline code and field; anything else (a network failure, a bug) is an unknown error.
 */
export function toBillingError(value: unknown): BillingErrorLike {
  if (typeof value !== 'object' || value === null) return { code: 'unknown' };
  const { code, declineCode, param } = value as Record<string, unknown>;
  if (typeof code !== 'string') return { code: 'unknown' };
  return {
    code,
    ...(typeof declineCode === 'string' ? { declineCode } : {}),
    ...(typeof param === 'string' ? { param } : {}),
  };
}
