import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { type ChargeResult, isBillingError } from '../billing-provider';
import { devices } from '../devices/devices.schema';
import { inTenantTransaction } from './billing-context';
import type { BillingJobDependencies, BillingRunResult } from './billing-job';
import { sendChargeFailureNotice } from './billing-notices';
import { releaseCardsAfterTransfer } from './billing-rules';
import {
  billingAccounts,
  billingCharges,
  billingSubscriptions,
  type BillingChargeRow,
  type BillingSubscriptionRow,
} from './billing.schema';

/*
 * One payment attempt of the billing job (billing-job.ts has the schedule and why a period is
 * never charged twice): claim a due charge row with a lease, call the processor outside any
 * transaction, then record the outcome while still holding the lease.
 */

/** Days after the first failure at which a declined charge is tried again. */
export const CHARGE_RETRY_DAYS = [1, 3, 5] as const;
/** How long a claimed charge is held for its processor call. */
const LEASE_MS = 10 * 60_000;

/** A processor that could not answer ("pending", a network failure) is asked again this much later. */
const ASK_AGAIN_MS = 60 * 60_000;

const DAY_MS = 86_400_000;

interface ChargeClaim {
  charge: BillingChargeRow;
  token: string;
  subscription: BillingSubscriptionRow;
  watchName: string;
  country: string | null;
  cardsReleasePending: boolean;
}

/** Claims the next charge due for this runner: locked, skipped by others, then leased. */
export async function claimDueCharge(db: Database, now: Date): Promise<ChargeClaim | undefined> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .select()
      .from(billingCharges)
      .where(
        and(
          inArray(billingCharges.status, ['due', 'retrying']),
          lte(billingCharges.nextAttemptAt, now),
          or(isNull(billingCharges.leaseUntil), lt(billingCharges.leaseUntil, now)),
        ),
      )
      .orderBy(asc(billingCharges.nextAttemptAt), asc(billingCharges.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!charge) return undefined;
    const token = randomBytes(12).toString('hex');
    await tx
      .update(billingCharges)
      .set({ leaseToken: token, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(eq(billingCharges.id, charge.id));
    const [subscription] = await tx
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, charge.subscriptionId));
    const [device] = await tx
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.id, subscription!.deviceId));
    const [account] = await tx
      .select({ country: billingAccounts.country, cardsReleasePending: billingAccounts.cardsReleasePending })
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, charge.tenantId));
    return {
      charge,
      token,
      subscription: subscription!,
      watchName: device?.name ?? '',
      country: account?.country ?? null,
      cardsReleasePending: account?.cardsReleasePending ?? false,
    };
  });
}

/** Writes a claimed charge's outcome, only while this runner still holds its lease. */
async function settleCharge(
  db: Database,
  claim: ChargeClaim,
  values: Partial<typeof billingCharges.$inferInsert>,
  more?: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return inTenantTransaction(db, claim.charge.tenantId, async (tx) => {
    const updated = await tx
      .update(billingCharges)
      .set({ ...values, leaseToken: null, leaseUntil: null })
      .where(and(eq(billingCharges.id, claim.charge.id), eq(billingCharges.leaseToken, claim.token)))
      .returning({ id: billingCharges.id });
    if (updated.length === 0) return false;
    await more?.(tx);
    return true;
  });
}

export async function attemptCharge(
  deps: BillingJobDependencies,
  claim: ChargeClaim,
  now: Date,
  result: BillingRunResult,
): Promise<void> {
  const { charge, subscription } = claim;
  if (subscription.status === 'canceled' || !subscription.providerSubscriptionId) {
    await settleCharge(deps.db, claim, { status: 'canceled', settledAt: now, nextAttemptAt: null });
    return;
  }
  let outcome: ChargeResult;
  try {
    if (claim.cardsReleasePending)
      await releaseCardsAfterTransfer(deps.db, deps.provider, charge.tenantId, now);
    outcome = await deps.provider.chargeSubscription({
      subscriptionId: subscription.providerSubscriptionId,
      periodStart: charge.periodStart,
      idempotencyKey: `charge:${charge.id}:${charge.attempts + 1}`,
    });
  } catch (error) {
    if (isBillingError(error) && error.code === 'subscription_inactive') {
      await settleCharge(deps.db, claim, { status: 'canceled', settledAt: now, nextAttemptAt: null });
      return;
    }
    deps.logger?.error({ err: error, chargeId: charge.id }, 'billing charge could not be attempted');
    await settleCharge(deps.db, claim, { nextAttemptAt: new Date(now.getTime() + ASK_AGAIN_MS) });
    return;
  }
  const invoiceId = outcome.invoice?.id ?? null;
  switch (outcome.outcome) {
    case 'paid':
    case 'already_paid':
      if (
        await settleCharge(deps.db, claim, {
          status: 'paid',
          attempts: charge.attempts + 1,
          invoiceId,
          settledAt: now,
          nextAttemptAt: null,
        })
      )
        result.paid += 1;
      return;
    case 'voided':
      if (
        await settleCharge(deps.db, claim, {
          status: 'voided',
          invoiceId,
          settledAt: now,
          nextAttemptAt: null,
        })
      )
        result.voided += 1;
      return;
    case 'pending':
      await settleCharge(deps.db, claim, { nextAttemptAt: new Date(now.getTime() + ASK_AGAIN_MS) });
      return;
    case 'failed':
      await recordFailure(deps, claim, outcome, now, result);
  }
}

/** A declined charge: the next retry and a notice, or after the last retry the pause. */
async function recordFailure(
  deps: BillingJobDependencies,
  claim: ChargeClaim,
  outcome: ChargeResult,
  now: Date,
  result: BillingRunResult,
): Promise<void> {
  const { charge } = claim;
  const failures = charge.attempts + 1;
  const last = failures > CHARGE_RETRY_DAYS.length;
  const waitDays = last ? 0 : CHARGE_RETRY_DAYS[failures - 1]! - (CHARGE_RETRY_DAYS[failures - 2] ?? 0);
  const retryAt = last ? null : new Date(now.getTime() + waitDays * DAY_MS);
  const recorded = await settleCharge(
    deps.db,
    claim,
    {
      status: last ? 'uncollected' : 'retrying',
      attempts: failures,
      nextAttemptAt: retryAt,
      invoiceId: outcome.invoice?.id ?? null,
      failureCode: outcome.failure?.code ?? null,
      declineCode: outcome.failure?.declineCode ?? null,
      ...(last ? { settledAt: now } : {}),
    },
    async (tx) => {
      await sendChargeFailureNotice(tx, {
        householdId: charge.tenantId,
        watchName: claim.watchName,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        retryAt,
        country: claim.country,
        now,
      });
    },
  );
  if (!recorded) return;
  result.failed += 1;
  if (!last) return;
  try {
    await deps.provider.pauseSubscription(claim.subscription.providerSubscriptionId!);
  } catch (error) {
    deps.logger?.error(
      { err: error, subscriptionId: claim.subscription.id },
      'subscription could not be paused',
    );
    return;
  }
  await inTenantTransaction(deps.db, charge.tenantId, (tx) =>
    tx
      .update(billingSubscriptions)
      .set({ status: 'paused', pauseReason: 'payment_failed' })
      .where(
        and(
          eq(billingSubscriptions.id, claim.subscription.id),
          sql`${billingSubscriptions.status} = 'active'`,
        ),
      ),
  );
  result.paused += 1;
}
