import {
  BILLING_MESSAGE_KEYS,
  type ChangePlanRequest,
  type SubscribeRequest,
  type WatchPlan,
  type WatchSubscription,
  type WatchSubscriptionsResponse,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import type { BillingSubscription } from '../billing-provider';
import {
  callProvider,
  defaultCardRequired,
  inHousehold,
  type BillingContext,
  type BillingServices,
} from './billing-context';
import { findBillingAccount } from './billing-account.service';
import { commitmentEnd, lookupKeyOf } from './billing-plans';
import * as repository from './billing.repository';
import type { BillingSubscriptionRow } from './billing.schema';

/*
 * One subscription per connected watch (spec §1): monthly or annual (billing-plans.ts has the
 * annual rule), subscribed, changed, paused and resumed by the owner. A watch that leaves the
 * household (disconnected, or its household deleted) has its subscription cancelled: it pays for
 * that watch in that household, and the watch is back in the seller's stock. The billing job does
 * it before it would charge the next period (billing-job.ts), so nothing is charged for a watch
 * the household no longer has.
 */

const iso = (date: Date | null) => date?.toISOString() ?? null;

function subscriptionOf(row: BillingSubscriptionRow, deviceName: string | null): WatchSubscription {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceName,
    plan: row.plan,
    status: row.status,
    pauseReason: row.pauseReason,
    currentPeriodStart: iso(row.currentPeriodStart),
    renewsAt: row.status === 'canceled' ? null : iso(row.currentPeriodEnd),
    commitmentEndsAt: iso(row.commitmentEndsAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listSubscriptions(
  ctx: BillingContext,
  services: BillingServices,
): Promise<WatchSubscriptionsResponse> {
  const rows = await inHousehold(ctx, (tx, householdId) => repository.findSubscriptions(tx, householdId));
  return {
    subscriptions: rows.map((row) => subscriptionOf(row.subscription, row.deviceName)),
    plans: await services.plans(),
  };
}

async function liveSubscription(ctx: BillingContext, id: string): Promise<BillingSubscriptionRow> {
  const row = await inHousehold(ctx, (tx, householdId) => repository.findSubscription(tx, householdId, id));
  if (!row || row.status === 'pending' || row.status === 'canceled' || !row.providerSubscriptionId)
    throw new DomainError('not_found');
  return row;
}

async function answer(ctx: BillingContext, id: string): Promise<WatchSubscription> {
  const rows = await inHousehold(ctx, (tx, householdId) => repository.findSubscriptions(tx, householdId));
  const found = rows.find((row) => row.subscription.id === id);
  if (!found) throw new DomainError('not_found');
  return subscriptionOf(found.subscription, found.deviceName);
}

/** The periods as the processor reports them, and when an annual commitment made now ends. */
function periodsOf(subscription: BillingSubscription) {
  return {
    billingCycleAnchor: subscription.billingCycleAnchor,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
  };
}

/**
 * Subscribes a watch of the household and charges its first month now. The row is claimed first
 * (`pending`; one live subscription per watch, unique), so two subscribes of one watch at once
 * make one processor subscription; the processor call carries the row's id as idempotency key.
 * A declined card creates nothing: the claim is removed and the card error answered.
 */
export async function subscribe(
  ctx: BillingContext,
  services: BillingServices,
  input: SubscribeRequest,
): Promise<WatchSubscription> {
  const account = await findBillingAccount(ctx, services);
  const customerId = account?.customerId;
  if (!customerId || !account.defaultCardId) throw defaultCardRequired();
  await services.plans();
  const claimed = await inHousehold(ctx, async (tx, householdId) => {
    if (!(await repository.findHouseholdWatch(tx, householdId, input.deviceId)))
      throw fieldError('deviceId', BILLING_MESSAGE_KEYS.watchNotInHousehold);
    return tx
      .transaction(async (savepoint) => {
        return repository.insertPendingSubscription(savepoint, householdId, input.deviceId, input.plan);
      })
      .catch((error: unknown) => {
        const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
        if (cause.code === '23505') throw fieldError('deviceId', BILLING_MESSAGE_KEYS.alreadySubscribed);
        throw error;
      });
  });
  let subscription: BillingSubscription;
  try {
    subscription = await callProvider(() =>
      services.provider.subscribe({
        customerId,
        lookupKey: lookupKeyOf(input.plan),
        metadata: { tenantId: claimed.tenantId, deviceId: claimed.deviceId, subscriptionId: claimed.id },
        idempotencyKey: `subscribe:${claimed.id}`,
      }),
    );
  } catch (error) {
    await inHousehold(ctx, (tx, householdId) => repository.deleteSubscription(tx, householdId, claimed.id));
    throw error;
  }
  const now = ctx.now();
  await inHousehold(ctx, async (tx, householdId) => {
    await repository.updateSubscription(tx, householdId, claimed.id, {
      providerSubscriptionId: subscription.id,
      status: 'active',
      ...periodsOf(subscription),
      nextPeriodStart: subscription.currentPeriodEnd,
      commitmentEndsAt: input.plan === 'annual' ? commitmentEnd(subscription.currentPeriodStart) : null,
    });
    await repository.insertFirstCharge(tx, {
      tenantId: householdId,
      subscriptionId: claimed.id,
      periodStart: subscription.currentPeriodStart,
      periodEnd: subscription.currentPeriodEnd,
      invoiceId: null,
      now,
    });
  });
  return answer(ctx, claimed.id);
}

/**
 * Monthly ↔ annual: the processor swaps the price without proration, and the new price bills from
 * the next period. Going annual commits to 12 months from that period; going back to monthly is
 * refused until the commitment ends (billing-plans.ts).
 */
export async function changePlan(
  ctx: BillingContext,
  services: BillingServices,
  id: string,
  input: ChangePlanRequest,
): Promise<WatchSubscription> {
  const row = await liveSubscription(ctx, id);
  const plan: WatchPlan = input.plan;
  if (row.plan === plan) throw fieldError('plan', BILLING_MESSAGE_KEYS.samePlan);
  if (plan === 'monthly' && row.commitmentEndsAt && row.commitmentEndsAt.getTime() > ctx.now().getTime()) {
    throw fieldError('plan', BILLING_MESSAGE_KEYS.annualCommitment, {
      date: row.commitmentEndsAt.toISOString().slice(0, 10),
    });
  }
  await services.plans();
  const changed = await callProvider(() =>
    services.provider.changePlan(row.providerSubscriptionId!, lookupKeyOf(plan)),
  );
  await inHousehold(ctx, (tx, householdId) =>
    repository.updateSubscription(tx, householdId, id, {
      plan,
      ...periodsOf(changed),
      commitmentEndsAt: plan === 'annual' ? commitmentEnd(changed.currentPeriodEnd) : null,
    }),
  );
  return answer(ctx, id);
}

/** Pauses collection: the periods that begin while paused are voided, not charged. */
export async function pauseSubscription(
  ctx: BillingContext,
  services: BillingServices,
  id: string,
): Promise<WatchSubscription> {
  const row = await liveSubscription(ctx, id);
  if (row.status === 'paused') throw new DomainError('conflict', BILLING_MESSAGE_KEYS.alreadyPaused);
  await callProvider(() => services.provider.pauseSubscription(row.providerSubscriptionId!));
  await inHousehold(ctx, (tx, householdId) =>
    repository.updateSubscription(tx, householdId, id, { status: 'paused', pauseReason: 'owner' }),
  );
  return answer(ctx, id);
}

/**
 * Resumes collection from the next period. Needs a default card: a subscription paused after its
 * charges failed would otherwise fail again at once.
 */
export async function resumeSubscription(
  ctx: BillingContext,
  services: BillingServices,
  id: string,
): Promise<WatchSubscription> {
  const row = await liveSubscription(ctx, id);
  if (row.status !== 'paused') throw new DomainError('conflict', BILLING_MESSAGE_KEYS.notPaused);
  const account = await findBillingAccount(ctx, services);
  if (!account?.defaultCardId) throw defaultCardRequired();
  await callProvider(() => services.provider.resumeSubscription(row.providerSubscriptionId!));
  await inHousehold(ctx, (tx, householdId) =>
    repository.updateSubscription(tx, householdId, id, { status: 'active', pauseReason: null }),
  );
  return answer(ctx, id);
}
