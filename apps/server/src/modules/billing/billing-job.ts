import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { startIntervalJob, type JobLogger } from '../../platform/jobs/interval-job';
import { addMonths, type BillingProvider, periodIndexOf } from '../billing-provider';
import { attemptCharge, claimDueCharge } from './billing-charge-attempts';
import { cancelSubscriptionsOfDepartedWatches, eraseDeletedCustomers } from './billing-housekeeping';
import { billingCharges, billingSubscriptions, type BillingSubscriptionRow } from './billing.schema';

export { CHARGE_RETRY_DAYS } from './billing-charge-attempts';

/*
 * The billing job (issue 18), on worker nodes (ROLE worker or all, DESIGN §8), every 15 minutes.
 *
 * Schedule. A subscription is charged once per month on its anchor day (the day it was subscribed;
 * the 31st bills on a shorter month's last day, billing-clock.ts). Subscribing charges the first
 * month at once; the job charges every later period when it begins. Both plans bill monthly
 * (billing-plans.ts has the annual rule).
 *
 * A declined charge is retried 1, 3 and 5 days after the first failure (CHARGE_RETRY_DAYS). Each
 * failure sends the owner a notice, by e-mail (outbox) and in the app (billing-notices.ts), naming
 * the next try; when the last retry fails the period stays unpaid ("uncollected"), the subscription
 * is paused (`pause_reason` payment_failed) and the last notice says so. The owner resumes it after
 * adding a working card; the next period is then charged, the unpaid one is not charged again.
 * A paused subscription's periods are voided by the processor, never charged.
 *
 * Never twice. Each period is one `billing_charges` row, unique per (subscription, period): the
 * runner that opens a period inserts it (ON CONFLICT DO NOTHING), and a runner claims a row for a
 * payment attempt with FOR UPDATE SKIP LOCKED and a lease, in a short transaction, before it calls
 * the processor outside any transaction (billing-provider.ts). Another runner skips a leased row.
 * The processor call carries an idempotency key per row and attempt, and the processor pays a
 * period's invoice at most once whatever the keys, so even a runner that outlived its lease cannot
 * charge again; its late write is dropped (it no longer holds the lease token).
 *
 * Before charging, it cancels the subscriptions of watches that left their household (the watch
 * pays in that household only) and deletes the processor customers of deleted households.
 */

export const BILLING_JOB_INTERVAL_MS = 15 * 60_000;

export interface BillingJobDependencies {
  /** The process database (a background job, not a request). */
  db: Database;
  provider: BillingProvider;
  /** Business time; tests move it months ahead. */
  now: () => Date;
  logger?: JobLogger;
}

export interface BillingRunResult {
  opened: number;
  paid: number;
  failed: number;
  voided: number;
  paused: number;
  canceled: number;
  erased: number;
}

/** One run: erasures, departed watches, the periods that began, then every charge due. */
export async function runBillingJob(deps: BillingJobDependencies): Promise<BillingRunResult> {
  const now = deps.now();
  const result: BillingRunResult = {
    opened: 0,
    paid: 0,
    failed: 0,
    voided: 0,
    paused: 0,
    canceled: 0,
    erased: 0,
  };
  result.erased = await eraseDeletedCustomers(deps);
  result.canceled = await cancelSubscriptionsOfDepartedWatches(deps, now);
  result.opened = await openDuePeriods(deps.db, now);
  for (;;) {
    const claim = await claimDueCharge(deps.db, now);
    if (!claim) break;
    await attemptCharge(deps, claim, now, result);
  }
  return result;
}

/** Starts the job on a worker node; returns its stop. */
export function startBillingJob(
  deps: Omit<BillingJobDependencies, 'now'> & { now?: () => Date; intervalMs?: number },
): () => Promise<void> {
  return startIntervalJob(
    deps.intervalMs ?? BILLING_JOB_INTERVAL_MS,
    'billing job',
    async () => {
      const result = await runBillingJob({ ...deps, now: deps.now ?? (() => new Date()) });
      if (result.opened + result.failed + result.paid + result.canceled > 0)
        deps.logger?.info({ ...result }, 'billing job ran');
    },
    deps.logger,
  );
}

/**
 * Makes the charge row of every period that has begun (one at a time per subscription, so a
 * subscription many months behind gets each of its periods). Runs as the process owner, which
 * sees every household; the subscriptions are locked and skipped by a concurrent runner.
 */
async function openDuePeriods(db: Database, now: Date): Promise<number> {
  let opened = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(billingSubscriptions)
        .where(
          and(
            inArray(billingSubscriptions.status, ['active', 'paused']),
            lte(billingSubscriptions.nextPeriodStart, now),
          ),
        )
        .orderBy(asc(billingSubscriptions.nextPeriodStart))
        .limit(100)
        .for('update', { skipLocked: true });
      let made = 0;
      for (const subscription of due) made += await openPeriod(tx, subscription);
      return due.length === 0 ? -1 : made;
    });
    if (count < 0) return opened;
    opened += count;
  }
}

async function openPeriod(tx: Database, subscription: BillingSubscriptionRow): Promise<number> {
  const anchor = subscription.billingCycleAnchor!;
  const periodStart = subscription.nextPeriodStart!;
  const n = periodIndexOf(anchor, periodStart) ?? 0;
  const periodEnd = addMonths(anchor, n + 1);
  const inserted = await tx
    .insert(billingCharges)
    .values({
      tenantId: subscription.tenantId,
      subscriptionId: subscription.id,
      periodStart,
      periodEnd,
      status: 'due',
      nextAttemptAt: periodStart,
    })
    .onConflictDoNothing()
    .returning({ id: billingCharges.id });
  await tx
    .update(billingSubscriptions)
    .set({ nextPeriodStart: periodEnd, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd })
    .where(eq(billingSubscriptions.id, subscription.id));
  return inserted.length;
}
