import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { BillingPrice, EnsurePriceInput } from './billing-provider';
import { billingLocalPrices, billingLocalProducts } from './billing-provider.schema';
import { findPriceByLookupKey, newLocalId } from './local-billing.repository';

/* The local provider's catalogue: products and their monthly prices, found by lookup key. */

/** The price with that lookup key when it has these values; else a new one that takes the key over. */
export async function ensurePrice(db: Database, input: EnsurePriceInput, now: Date): Promise<BillingPrice> {
  // Nodes starting together may ensure the same price at once: one after the other, the second
  // finds the first one's price instead of tripping over the lookup key's unique index.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('billing_local_prices'))`);
  const current = await findPriceByLookupKey(db, input.lookupKey);
  const same =
    current &&
    current.productId === input.productId &&
    current.unitAmount === input.unitAmount &&
    current.currency === input.currency.toLowerCase() &&
    current.commitmentMonths === input.commitmentMonths;
  if (same) return current;
  await db
    .insert(billingLocalProducts)
    .values({ id: input.productId, name: input.productName, createdAt: now })
    .onConflictDoUpdate({ target: billingLocalProducts.id, set: { name: input.productName } });
  // As Stripe's `transfer_lookup_key`: subscriptions keep the price they have.
  if (current) {
    await db
      .update(billingLocalPrices)
      .set({ lookupKey: null, active: false })
      .where(eq(billingLocalPrices.id, current.id));
  }
  await db.insert(billingLocalPrices).values({
    id: newLocalId('price'),
    productId: input.productId,
    lookupKey: input.lookupKey,
    unitAmount: input.unitAmount,
    currency: input.currency.toLowerCase(),
    commitmentMonths: input.commitmentMonths,
    createdAt: now,
  });
  return (await findPriceByLookupKey(db, input.lookupKey))!;
}
