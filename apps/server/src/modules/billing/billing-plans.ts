import type { WatchPlan, WatchPlanPrice } from '@homeward/contracts';
import {
  addMonths,
  ANNUAL_COMMITMENT_MONTHS,
  type BillingPrice,
  type BillingProvider,
  PLAN_LOOKUP_KEYS,
} from '../billing-provider';

/*
 * The plug-and-play catalogue's subscription product: one watch subscription with a monthly and an
 * annual price, each under a stable lookup key both providers share (PLAN_LOOKUP_KEYS). Amounts
 * are per month, in øre, including VAT.
 *
 * Annual rule (spec §1, ../shared/notes/payments.md): "annual" is billed once a month like
 * "monthly", at a lower monthly price, with a 12-month commitment. So:
 * - subscribing annual charges the first month now and commits to 12 monthly charges;
 * - monthly → annual is allowed at any time: the price is swapped without proration and bills from
 *   the next period; the 12 months are counted from that period;
 * - annual → monthly is refused until the commitment ends (the lower price was the price of it);
 *   from then on it is a plain swap, billed from the next period;
 * - pausing is allowed (collection stops, periods are voided); it does not extend the commitment.
 */
export const WATCH_SUBSCRIPTION_PRODUCT = {
  productId: 'homeward_watch',
  productName: 'Homeward watch subscription',
  currency: 'dkk',
  prices: {
    monthly: { lookupKey: PLAN_LOOKUP_KEYS.watchMonthly, unitAmount: 14_900, commitmentMonths: 1 },
    annual: {
      lookupKey: PLAN_LOOKUP_KEYS.watchAnnual,
      unitAmount: 12_900,
      commitmentMonths: ANNUAL_COMMITMENT_MONTHS,
    },
  },
} as const;

export function lookupKeyOf(plan: WatchPlan): string {
  return WATCH_SUBSCRIPTION_PRODUCT.prices[plan].lookupKey;
}

export function planOfLookupKey(lookupKey: string): WatchPlan | undefined {
  return (Object.keys(WATCH_SUBSCRIPTION_PRODUCT.prices) as WatchPlan[]).find(
    (plan) => WATCH_SUBSCRIPTION_PRODUCT.prices[plan].lookupKey === lookupKey,
  );
}

/** Creates both prices at the processor when missing (idempotent: found by lookup key). */
export async function ensureWatchPlanPrices(provider: BillingProvider): Promise<BillingPrice[]> {
  const product = WATCH_SUBSCRIPTION_PRODUCT;
  const prices: BillingPrice[] = [];
  for (const price of Object.values(product.prices)) {
    prices.push(
      await provider.ensurePrice({
        lookupKey: price.lookupKey,
        productId: product.productId,
        productName: product.productName,
        unitAmount: price.unitAmount,
        currency: product.currency,
        commitmentMonths: price.commitmentMonths,
      }),
    );
  }
  return prices;
}

/**
 * The plans as the billing screen shows them, ensured once per process (at start-up for the local
 * provider; at first use with Stripe, so an unreachable processor does not stop the server).
 */
export function watchPlanCatalogue(provider: BillingProvider): () => Promise<WatchPlanPrice[]> {
  let ensured: Promise<BillingPrice[]> | undefined;
  return async () => {
    ensured ??= ensureWatchPlanPrices(provider).catch((error: unknown) => {
      ensured = undefined;
      throw error;
    });
    return (await ensured).flatMap((price) => {
      const plan = planOfLookupKey(price.lookupKey);
      return plan
        ? [
            {
              plan,
              amount: price.unitAmount,
              currency: price.currency,
              commitmentMonths: price.commitmentMonths,
            },
          ]
        : [];
    });
  };
}

/** When an annual commitment that begins at `start` ends. */
export function commitmentEnd(start: Date): Date {
  return addMonths(start, ANNUAL_COMMITMENT_MONTHS);
}
