import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { addMonths, periodIndexOf } from './billing-clock';
import { BillingError, type BillingFailure } from './billing-error';
import type {
  BillingSubscription,
  ChargeOutcome,
  ChargeSubscriptionInput,
  SubscribeInput,
} from './billing-provider';
import {
  billingLocalIdempotencyKeys,
  billingLocalInvoices,
  billingLocalSubscriptions,
} from './billing-provider.schema';
import {
  findDefaultCard,
  findPriceById,
  findPriceByLookupKey,
  lockCustomer,
  lockSubscription,
  newLocalId,
  wholeSeconds,
} from './local-billing.repository';
import { emitLocalEvent, eventObjectOfInvoice, eventObjectOfSubscription } from './local-billing-events';
import { attemptInvoicePayment, createPeriodInvoice, findPeriodInvoice, invoiceOf } from './local-invoices';

/*
 * Subscriptions of the local provider. Every change locks the subscription's row first, so the
 * billing job on two nodes, or a charge and a plan change, run one after another; the invoice's
 * unique (subscription, period) index backs that up.
 */

type SubscriptionRow = typeof billingLocalSubscriptions.$inferSelect;

export interface SubscriptionRules {
  vatRatePercent: number;
}

export async function subscriptionOf(db: Database, row: SubscriptionRow): Promise<BillingSubscription> {
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status,
    price: await findPriceById(db, row.priceId),
    paused: row.paused,
    billingCycleAnchor: row.billingCycleAnchor,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    metadata: row.metadata,
  };
}

/**
 * Runs `work` once per idempotency key: a key seen before answers its stored response (the same
 * key with another request is `idempotency_error`). The key is written in the caller's transaction,
 * so a request that fails and rolls back leaves the key free, and a second request with the key
 * waits for the first to commit and then answers its response.
 */
export async function onceForKey<T>(
  db: Database,
  key: string,
  request: string,
  now: Date,
  work: () => Promise<T>,
) {
  const [claimed] = await db
    .insert(billingLocalIdempotencyKeys)
    .values({ key, request, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: billingLocalIdempotencyKeys.key });
  if (!claimed) {
    const [seen] = await db
      .select()
      .from(billingLocalIdempotencyKeys)
      .where(eq(billingLocalIdempotencyKeys.key, key));
    if (!seen || seen.request !== request)
      throw new BillingError('idempotency_error', { param: 'idempotency_key' });
    return seen.response as T;
  }
  const response = await work();
  await db
    .update(billingLocalIdempotencyKeys)
    .set({ response: response as object })
    .where(eq(billingLocalIdempotencyKeys.key, key));
  return response;
}

/** Subscribes and pays the first period at once; any failure throws and the caller rolls back. */
export async function createSubscription(
  db: Database,
  input: SubscribeInput,
  now: Date,
  rules: SubscriptionRules,
): Promise<string> {
  const customer = await lockCustomer(db, input.customerId);
  const price = await findPriceByLookupKey(db, input.lookupKey);
  if (!price) throw new BillingError('resource_missing', { param: 'price' });
  if (!(await findDefaultCard(db, customer))) {
    throw new BillingError('missing', { param: 'default_payment_method' });
  }
  const anchor = wholeSeconds(now);
  const [row] = await db
    .insert(billingLocalSubscriptions)
    .values({
      id: newLocalId('sub'),
      customerId: customer.id,
      priceId: price.id,
      status: 'active',
      billingCycleAnchor: anchor,
      currentPeriodStart: anchor,
      currentPeriodEnd: addMonths(anchor, 1),
      metadata: input.metadata ?? {},
      createdAt: now,
    })
    .returning();
  const invoice = await createPeriodInvoice(db, {
    customerId: customer.id,
    subscriptionId: row!.id,
    price,
    periodStart: anchor,
    periodEnd: addMonths(anchor, 1),
    status: 'open',
    vatRatePercent: rules.vatRatePercent,
    now,
  });
  const { failure } = await attemptInvoicePayment(db, invoice, now);
  if (failure) throw BillingError.of(failure);
  await emitLocalEvent(
    db,
    'customer.subscription.created',
    eventObjectOfSubscription(await subscriptionOf(db, row!)),
    now,
  );
  return row!.id;
}

/** Applies a change to a subscription that is not cancelled, and emits its update event. */
export async function updateSubscription(
  db: Database,
  subscriptionId: string,
  now: Date,
  change: (row: SubscriptionRow) => Promise<Partial<SubscriptionRow>>,
  eventType = 'customer.subscription.updated',
): Promise<BillingSubscription> {
  const row = await lockSubscription(db, subscriptionId);
  if (row.status === 'canceled') throw new BillingError('subscription_inactive', { param: 'subscription' });
  const [updated] = await db
    .update(billingLocalSubscriptions)
    .set(await change(row))
    .where(eq(billingLocalSubscriptions.id, subscriptionId))
    .returning();
  const subscription = await subscriptionOf(db, updated!);
  await emitLocalEvent(db, eventType, eventObjectOfSubscription(subscription), now);
  return subscription;
}

/** What a charge stores under its idempotency key: the invoice is read afresh on a replay. */
export interface StoredCharge {
  outcome: ChargeOutcome;
  invoiceId: string;
  failure?: BillingFailure;
}

/**
 * Charges one period (the billing job's call). A paid period is never charged again; while
 * collection is paused the period's invoice is voided (an open one from before the pause too).
 */
export async function chargePeriod(
  db: Database,
  input: ChargeSubscriptionInput,
  now: Date,
  rules: SubscriptionRules,
): Promise<StoredCharge> {
  const subscription = await lockSubscription(db, input.subscriptionId);
  const periodStart = input.periodStart;
  const n = periodIndexOf(subscription.billingCycleAnchor, periodStart);
  if (n === undefined || periodStart.getTime() > now.getTime()) {
    throw new BillingError('invalid_period', { param: 'period_start' });
  }
  const existing = await findPeriodInvoice(db, subscription.id, periodStart);
  if (existing?.status === 'paid') return { outcome: 'already_paid', invoiceId: existing.id };
  if (existing?.status === 'void') return { outcome: 'voided', invoiceId: existing.id };
  if (subscription.status === 'canceled' && !existing) {
    throw new BillingError('subscription_inactive', { param: 'subscription' });
  }
  const periodEnd = addMonths(subscription.billingCycleAnchor, n + 1);
  if (periodStart.getTime() > subscription.currentPeriodStart.getTime()) {
    await db
      .update(billingLocalSubscriptions)
      .set({ currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
      .where(eq(billingLocalSubscriptions.id, subscription.id));
  }
  if (subscription.paused) {
    if (!existing) {
      const voided = await createPeriodInvoice(db, {
        customerId: subscription.customerId,
        subscriptionId: subscription.id,
        price: await findPriceById(db, subscription.priceId),
        periodStart,
        periodEnd,
        status: 'void',
        vatRatePercent: rules.vatRatePercent,
        now,
      });
      return { outcome: 'voided', invoiceId: voided.id };
    }
    const [voided] = await db
      .update(billingLocalInvoices)
      .set({ status: 'void' })
      .where(eq(billingLocalInvoices.id, existing.id))
      .returning();
    await emitLocalEvent(db, 'invoice.voided', eventObjectOfInvoice(invoiceOf(voided!)), now);
    return { outcome: 'voided', invoiceId: existing.id };
  }
  const invoice =
    existing ??
    (await createPeriodInvoice(db, {
      customerId: subscription.customerId,
      subscriptionId: subscription.id,
      price: await findPriceById(db, subscription.priceId),
      periodStart,
      periodEnd,
      status: 'open',
      vatRatePercent: rules.vatRatePercent,
      now,
    }));
  const { failure } = await attemptInvoicePayment(db, invoice, now);
  return failure
    ? { outcome: 'failed', invoiceId: invoice.id, failure }
    : { outcome: 'paid', invoiceId: invoice.id };
}
