import type Stripe from 'stripe';
import { periodIndexOf } from './billing-clock';
import { BillingError } from './billing-error';
import type { ChargeResult, ChargeSubscriptionInput } from './billing-provider';
import type { StripeCall } from './stripe-catalogue';
import { invoiceOfStripe, subscriptionIdOfInvoice } from './stripe-objects';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The billing job's charge on Stripe, where Stripe makes each period's invoice itself: finds the
 * invoice whose line starts at the period, then pays it (finalizing a draft first) with the
 * idempotency key, or voids it while collection is paused. No invoice yet is `pending`; a paid one
 * is `already_paid`, so a period is never paid twice. A card error is a `failed` result.
 */
export async function chargeStripeSubscription(
  call: StripeCall,
  subscription: Stripe.Subscription,
  input: ChargeSubscriptionInput,
  context: { now: Date; hasDefaultCard: boolean },
): Promise<ChargeResult> {
  const anchor = new Date(subscription.billing_cycle_anchor * 1000);
  if (periodIndexOf(anchor, input.periodStart) === undefined || input.periodStart > context.now) {
    throw new BillingError('invalid_period', { param: 'period_start' });
  }
  const invoices = await call((stripe) =>
    stripe.invoices.list({ subscription: subscription.id, limit: 100 }),
  );
  const found = invoices.data.find(
    (invoice) =>
      subscriptionIdOfInvoice(invoice) === subscription.id &&
      invoice.lines.data.some((line) => line.period.start === seconds(input.periodStart)),
  );
  if (!found) return { outcome: 'pending', invoice: null };
  if (found.status === 'paid') return { outcome: 'already_paid', invoice: invoiceOfStripe(found) };
  if (found.status === 'void') return { outcome: 'voided', invoice: invoiceOfStripe(found) };
  const options = { idempotencyKey: input.idempotencyKey };
  if (subscription.pause_collection?.behavior === 'void') {
    const voided = await call((stripe) => stripe.invoices.voidInvoice(found.id, {}, options));
    return { outcome: 'voided', invoice: invoiceOfStripe(voided) };
  }
  if (!context.hasDefaultCard && !subscription.default_payment_method) {
    return { outcome: 'failed', invoice: invoiceOfStripe(found), failure: { code: 'missing' } };
  }
  if (found.status === 'draft') {
    await call((stripe) => stripe.invoices.finalizeInvoice(found.id, { auto_advance: true }));
  }
  try {
    const paid = await call((stripe) => stripe.invoices.pay(found.id, {}, options));
    return { outcome: 'paid', invoice: invoiceOfStripe(paid) };
  } catch (error) {
    if (!(error instanceof BillingError) || error.code === 'api_error') throw error;
    const after = await call((stripe) => stripe.invoices.retrieve(found.id));
    return { outcome: 'failed', invoice: invoiceOfStripe(after), failure: error.toFailure() };
  }
}
