import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import type { BillingCard, BillingCustomer, BillingInvoice, BillingSubscription } from './billing-provider';
import { billingLocalAccount, billingLocalEvents } from './billing-provider.schema';
import { newLocalId } from './local-billing.repository';
import { signWebhookPayload } from './webhook-signature';

/*
 * The local provider's webhook events: written in the transaction that made the change (so an
 * event exists exactly when its change does), in Stripe's event shape, and delivered later, signed
 * as Stripe signs, to the same webhook service the Stripe route uses.
 */

export type LocalEventObject = Record<string, unknown>;

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

export function eventObjectOfCustomer(customer: BillingCustomer): LocalEventObject {
  return {
    id: customer.id,
    object: 'customer',
    name: customer.name ?? null,
    email: customer.email ?? null,
    invoice_settings: { default_payment_method: customer.defaultPaymentMethodId },
    metadata: customer.metadata ?? {},
  };
}

export function eventObjectOfCard(card: BillingCard, customerId: string | null): LocalEventObject {
  return {
    id: card.id,
    object: 'payment_method',
    type: 'card',
    customer: customerId,
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
  };
}

export function eventObjectOfSubscription(subscription: BillingSubscription): LocalEventObject {
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customerId,
    status: subscription.status,
    pause_collection: subscription.paused ? { behavior: 'void', resumes_at: null } : null,
    billing_cycle_anchor: seconds(subscription.billingCycleAnchor),
    items: {
      object: 'list',
      data: [
        {
          object: 'subscription_item',
          price: { id: subscription.price.id, lookup_key: subscription.price.lookupKey },
          current_period_start: seconds(subscription.currentPeriodStart),
          current_period_end: seconds(subscription.currentPeriodEnd),
        },
      ],
    },
    metadata: subscription.metadata,
  };
}

export function eventObjectOfInvoice(invoice: BillingInvoice, lastFailureCode?: string): LocalEventObject {
  return {
    id: invoice.id,
    object: 'invoice',
    number: invoice.number,
    customer: invoice.customerId,
    status: invoice.status,
    currency: invoice.currency,
    total: invoice.total,
    attempt_count: invoice.attemptCount,
    period_start: seconds(invoice.periodStart),
    period_end: seconds(invoice.periodEnd),
    parent: invoice.subscriptionId
      ? { type: 'subscription_details', subscription_details: { subscription: invoice.subscriptionId } }
      : null,
    last_finalization_error: null,
    ...(lastFailureCode ? { last_payment_error_code: lastFailureCode } : {}),
  };
}

/** Records an event in the caller's transaction. */
export async function emitLocalEvent(
  db: Database,
  type: string,
  object: LocalEventObject,
  createdAt: Date,
): Promise<void> {
  const id = newLocalId('evt');
  const body = JSON.stringify({
    id,
    object: 'event',
    api_version: 'local',
    created: seconds(createdAt),
    livemode: false,
    type,
    data: { object },
  });
  await db.insert(billingLocalEvents).values({ id, type, body, createdAt });
}

/** The local provider's webhook signing secret (made once by migration 0054). */
export async function localWebhookSecret(db: Database): Promise<string> {
  const [row] = await db.select({ secret: billingLocalAccount.webhookSecret }).from(billingLocalAccount);
  if (!row) throw new Error('billing_local_account has no row: migration 0054 did not run');
  return row.secret;
}

/** Delivers a signed event; resolves once the receiver has applied (or already had) it. */
export type WebhookDelivery = (rawBody: Buffer, signatureHeader: string) => Promise<void>;

/** How long a node holds an event it is delivering before another node may take it. */
const DELIVERY_CLAIM_MS = 60_000;

/**
 * Delivers up to `limit` undelivered events, oldest first, each signed at the wall-clock time of
 * delivery. An event is first claimed for a minute in a short transaction (`for update skip
 * locked`, so nodes delivering at once take different events), then delivered outside any
 * transaction (the receiver writes in its own, and PGlite has one connection), then marked
 * delivered. An event whose delivery failed, or whose node stopped, is delivered again after its
 * claim ends: at least once, and the receiver applies each id once. Returns how many were delivered.
 */
export async function deliverLocalEvents(
  db: Database,
  deliver: WebhookDelivery,
  options: { limit?: number; wallClock?: () => Date } = {},
): Promise<number> {
  const secret = await localWebhookSecret(db);
  const wallClock = options.wallClock ?? (() => new Date());
  let delivered = 0;
  while (delivered < (options.limit ?? 100)) {
    const now = wallClock();
    const event = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: billingLocalEvents.id, body: billingLocalEvents.body })
        .from(billingLocalEvents)
        .where(
          and(
            isNull(billingLocalEvents.deliveredAt),
            or(isNull(billingLocalEvents.claimedUntil), lt(billingLocalEvents.claimedUntil, now)),
          ),
        )
        .orderBy(asc(billingLocalEvents.seq))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return undefined;
      await tx
        .update(billingLocalEvents)
        .set({ claimedUntil: new Date(now.getTime() + DELIVERY_CLAIM_MS) })
        .where(eq(billingLocalEvents.id, next.id));
      return next;
    });
    if (!event) break;
    const header = signWebhookPayload(event.body, secret, Math.floor(wallClock().getTime() / 1000));
    try {
      await deliver(Buffer.from(event.body, 'utf8'), header);
    } catch (error) {
      // Free it for the next run at once rather than after the claim.
      await db.transaction((tx) =>
        tx.update(billingLocalEvents).set({ claimedUntil: null }).where(eq(billingLocalEvents.id, event.id)),
      );
      throw error;
    }
    await db.transaction((tx) =>
      tx
        .update(billingLocalEvents)
        .set({ deliveredAt: wallClock() })
        .where(eq(billingLocalEvents.id, event.id)),
    );
    delivered++;
  }
  return delivered;
}
