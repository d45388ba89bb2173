import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { BillingEvent, BillingEventHandler } from '../billing-provider';
import { billingAccounts } from './billing.schema';

/*
 * What the processor's events change here. Our routes keep `billing_accounts.default_card_id` in
 * step when the owner changes cards through them; the events cover changes made elsewhere (on
 * Stripe: its dashboard, its own card expiry handling), so the invitation rule and the screen never
 * trust a default card the processor no longer has. Each runs inside the webhook's transaction,
 * once per event id, as the process owner (it finds the household by its customer id).
 */

function paymentMethodIdOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id;
  }
  return null;
}

/**
 * `customer.updated`: the customer's default card as the processor now has it. Events can arrive
 * late and out of order (the processor retries for days), so one older than our own last change of
 * the account is left alone (the card list reconciles on its next read), and so is every event while
 * a transfer's release of the old owner's cards is pending: those cards must not come back.
 */
async function syncDefaultCard(
  tx: Database,
  event: BillingEvent,
  provider: 'local' | 'stripe',
): Promise<void> {
  const customerId = event.objectId;
  if (!customerId) return;
  const settings = event.object.invoice_settings as { default_payment_method?: unknown } | undefined;
  await tx
    .update(billingAccounts)
    .set({ defaultCardId: paymentMethodIdOf(settings?.default_payment_method), updatedAt: event.createdAt })
    .where(
      and(
        eq(billingAccounts.provider, provider),
        eq(billingAccounts.customerId, customerId),
        eq(billingAccounts.cardsReleasePending, false),
        lte(billingAccounts.updatedAt, event.createdAt),
      ),
    );
}

/** `payment_method.detached`: a removed card is nobody's default any more. */
async function forgetDetachedCard(
  tx: Database,
  event: BillingEvent,
  provider: 'local' | 'stripe',
): Promise<void> {
  if (!event.objectId) return;
  await tx
    .update(billingAccounts)
    .set({ defaultCardId: null, updatedAt: event.createdAt })
    .where(and(eq(billingAccounts.provider, provider), eq(billingAccounts.defaultCardId, event.objectId)));
}

/** The billing module's handlers of the processor's events (`provider`: whose events they are). */
export function billingEventHandlers(provider: 'local' | 'stripe'): BillingEventHandler[] {
  return [
    async (tx, event) => {
      if (event.type === 'customer.updated') await syncDefaultCard(tx, event, provider);
      else if (event.type === 'payment_method.detached') await forgetDetachedCard(tx, event, provider);
    },
  ];
}
