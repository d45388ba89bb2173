import type Stripe from 'stripe';
import { BillingError } from './billing-error';
import type { BillingCard } from './billing-provider';
import type { StripeCall } from './stripe-catalogue';
import { cardOfStripe } from './stripe-objects';

/** The card, when it is the customer's: any other id is `resource_missing`, as in the local provider. */
export async function findStripeCard(
  call: StripeCall,
  customerId: string,
  paymentMethodId: string,
): Promise<Stripe.PaymentMethod> {
  const method = await call((stripe) => stripe.paymentMethods.retrieve(paymentMethodId));
  const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
  if (owner !== customerId || method.type !== 'card') {
    throw new BillingError('resource_missing', { param: 'payment_method' });
  }
  return method;
}

/**
 * Saves a card on the customer. One confirmed in the browser with the customer's SetupIntent is
 * attached already; one that is not (a test token) is attached now, which makes Stripe check it:
 * a declining card throws its card error here.
 */
export async function attachStripeCard(
  call: StripeCall,
  customerId: string,
  paymentMethodId: string,
): Promise<Stripe.PaymentMethod> {
  const method = await call((stripe) => stripe.paymentMethods.retrieve(paymentMethodId));
  if (!method.customer) {
    await call((stripe) => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
  }
  return findStripeCard(call, customerId, paymentMethodId);
}

/** The customer's cards, oldest first. */
export async function listStripeCards(
  call: StripeCall,
  customerId: string,
  defaultId: string | null,
): Promise<BillingCard[]> {
  const list = await call((stripe) =>
    stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
  );
  return list.data.sort((a, b) => a.created - b.created).map((method) => cardOfStripe(method, defaultId));
}
