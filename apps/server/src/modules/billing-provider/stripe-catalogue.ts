import Stripe from 'stripe';
import type { BillingPrice, EnsurePriceInput } from './billing-provider';
import { COMMITMENT_KEY } from './stripe-objects';

/** Runs an SDK call with its failure as a BillingError (the adapter's `#call`). */
export type StripeCall = <T>(work: (stripe: Stripe) => Promise<T>) => Promise<T>;

const sameValues = (current: BillingPrice, input: EnsurePriceInput) =>
  current.productId === input.productId &&
  current.unitAmount === input.unitAmount &&
  current.currency === input.currency.toLowerCase() &&
  current.commitmentMonths === input.commitmentMonths;

/**
 * Makes the product (our stable id is Stripe's product id) and a monthly, VAT-inclusive price that
 * takes the lookup key over, unless `current` already has these values (then undefined).
 */
export async function createStripePrice(
  call: StripeCall,
  input: EnsurePriceInput,
  current: BillingPrice | undefined,
): Promise<Stripe.Price | undefined> {
  if (current && sameValues(current, input)) return undefined;
  await call(async (stripe) => {
    try {
      await stripe.products.update(input.productId, { name: input.productName });
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError) || error.code !== 'resource_missing') throw error;
      await stripe.products.create({ id: input.productId, name: input.productName });
    }
  });
  return call((stripe) =>
    stripe.prices.create({
      product: input.productId,
      unit_amount: input.unitAmount,
      currency: input.currency.toLowerCase(),
      recurring: { interval: 'month' },
      tax_behavior: 'inclusive',
      lookup_key: input.lookupKey,
      transfer_lookup_key: true,
      metadata: { [COMMITMENT_KEY]: String(input.commitmentMonths) },
    }),
  );
}

/** The inclusive VAT rate every subscription carries, found by its metadata or made. */
export async function findOrCreateVatRate(call: StripeCall, percent: number): Promise<string> {
  const marker = String(percent);
  const list = await call((stripe) => stripe.taxRates.list({ active: true, inclusive: true, limit: 100 }));
  const found = list.data.find((rate) => rate.metadata?.homeward_vat === marker);
  if (found) return found.id;
  const created = await call((stripe) =>
    stripe.taxRates.create({
      display_name: 'VAT',
      percentage: percent,
      inclusive: true,
      metadata: { homeward_vat: marker },
    }),
  );
  return created.id;
}
