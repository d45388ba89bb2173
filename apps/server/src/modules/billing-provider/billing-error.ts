/**
 * The codes a card processor call can fail with. The card codes are the processor's own (Stripe's
 * error and decline codes, ../shared/notes/payments.md), so the web app keeps one message table
 * for both providers; the rest name failures of our own calls.
 */
export const BILLING_ERROR_CODES = [
  // Card errors, as the processor's API and its card element report them.
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'incorrect_zip',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_month_past',
  'invalid_expiry_year',
  'invalid_expiry_year_past',
  'invalid_number',
  'incomplete_number',
  'incomplete_expiry',
  'incomplete_cvc',
  'incomplete_zip',
  'processing_error',
  /** No default card: subscribing or charging needs one. */
  'missing',
  /** The processor has no customer with that id (deleted there, or another processor's id). */
  'customer_not_found',
  /** Another object the call names does not exist: price, card, subscription, invoice. */
  'resource_missing',
  /** A charge for a period that is not one of the subscription's, or has not begun yet. */
  'invalid_period',
  /** The subscription was cancelled: it can no longer be changed or charged. */
  'subscription_inactive',
  /** An idempotency key was used before with other parameters. */
  'idempotency_error',
  /** A webhook's signature header is missing, malformed, wrong or too old. */
  'webhook_signature_invalid',
  /** Webhooks cannot be verified: STRIPE_WEBHOOK_SECRET is not set. */
  'webhook_secret_missing',
  /** Anything else the processor answered (network, rate limit, authentication). */
  'api_error',
] as const;

export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];

/** The issuer's reason for a `card_declined` (and a few other card errors), as the processor names it. */
export const BILLING_DECLINE_CODES = [
  'generic_decline',
  'insufficient_funds',
  'card_not_supported',
  'transaction_not_allowed',
  'expired_card',
  'incorrect_cvc',
  'incorrect_zip',
  'processing_error',
] as const;

export type BillingDeclineCode = (typeof BILLING_DECLINE_CODES)[number];

/** What a failed charge reports, in plain data (kept with an invoice, sent to the job). */
export interface BillingFailure {
  code: BillingErrorCode;
  /** The processor's decline code; a Stripe code we do not list is passed through as it is. */
  declineCode?: string;
  /** The field the error is about (`number`, `exp_year`, `cvc`, `customer`, ...). */
  param?: string;
}

/**
 * The one error both providers throw. `message` is for developers and logs and carries no card or
 * personal data; users see the web app's text for `code` (and `declineCode`).
 */
export class BillingError extends Error implements BillingFailure {
  readonly code: BillingErrorCode;
  readonly declineCode?: string;
  readonly param?: string;

  constructor(
    code: BillingErrorCode,
    options: { declineCode?: string; param?: string; message?: string } = {},
  ) {
    super(options.message ?? (options.declineCode ? `${code} (${options.declineCode})` : code));
    this.name = 'BillingError';
    this.code = code;
    if (options.declineCode !== undefined) this.declineCode = options.declineCode;
    if (options.param !== undefined) this.param = options.param;
  }

  /** The error as plain data, without the stack. */
  toFailure(): BillingFailure {
    return {
      code: this.code,
      ...(this.declineCode !== undefined ? { declineCode: this.declineCode } : {}),
      ...(this.param !== undefined ? { param: this.param } : {}),
    };
  }

  static of(failure: BillingFailure): BillingError {
    return new BillingError(failure.code, failure);
  }
}

export function isBillingError(error: unknown): error is BillingError {
  return error instanceof BillingError;
}
