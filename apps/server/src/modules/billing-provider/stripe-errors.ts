import Stripe from 'stripe';
import { BILLING_ERROR_CODES, BillingError, type BillingErrorCode } from './billing-error';

const KNOWN_CODES = new Set<string>(BILLING_ERROR_CODES);

/**
 * A Stripe SDK error as the one BillingError: card errors keep Stripe's code, decline code and
 * param (a card code we do not list becomes `card_declined` with Stripe's code as decline code, so
 * the user still reads "card declined"); "No such customer" is `customer_not_found`, any other
 * missing object `resource_missing`; everything else (network, rate limit, key) is `api_error`.
 * The message names only the error type: Stripe's text may quote ids and parameters.
 */
export function billingErrorOfStripe(error: unknown): BillingError {
  if (error instanceof BillingError) return error;
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new BillingError('api_error', {
      message: `card processor call failed (${(error as Error)?.name})`,
    });
  }
  const param = error.param || undefined;
  const message = `Stripe ${error.type}${error.code ? ` ${error.code}` : ''}`;
  if (error instanceof Stripe.errors.StripeCardError) {
    const code =
      error.code && KNOWN_CODES.has(error.code) ? (error.code as BillingErrorCode) : 'card_declined';
    const declineCode = error.decline_code || (code === 'card_declined' ? error.code : undefined);
    return new BillingError(code, { declineCode, param, message });
  }
  if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
    return new BillingError('webhook_signature_invalid', { message });
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new BillingError('idempotency_error', { param: 'idempotency_key', message });
  }
  if (error.code === 'resource_missing') {
    const aboutCustomer = param === 'customer' || /no such customer/i.test(error.message);
    return aboutCustomer
      ? new BillingError('customer_not_found', { param: 'customer', message })
      : new BillingError('resource_missing', { param, message });
  }
  return new BillingError('api_error', { param, message });
}
