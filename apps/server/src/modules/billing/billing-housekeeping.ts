import { and, eq, inArray, notExists } from 'drizzle-orm';
import { isBillingError } from '../billing-provider';
import { devices } from '../devices/devices.schema';
import { inTenantTransaction } from './billing-context';
import type { BillingJobDependencies } from './billing-job';
import { billingCharges, billingCustomerErasures, billingSubscriptions } from './billing.schema';

/*
 * The billing job's housekeeping before it charges (billing-job.ts): processor customers of
 * deleted households are deleted there, and subscriptions of watches that left their household
 * are cancelled, so nothing is charged for a watch the household no longer has.
 */

/** Deletes the processor customers queued by account deletions (migration 0057). */
export async function eraseDeletedCustomers(deps: BillingJobDependencies): Promise<number> {
  let erased = 0;
  for (;;) {
    const [claimed] = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(billingCustomerErasures)
        .where(eq(billingCustomerErasures.provider, deps.provider.kind))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return [];
      await tx
        .delete(billingCustomerErasures)
        .where(
          and(
            eq(billingCustomerErasures.provider, row.provider),
            eq(billingCustomerErasures.customerId, row.customerId),
          ),
        );
      return [row];
    });
    if (!claimed) return erased;
    try {
      await deps.provider.deleteCustomer(claimed.customerId);
    } catch (error) {
      if (!(isBillingError(error) && error.code === 'customer_not_found')) {
        // Put back for the next run; this run goes on with the charges.
        await deps.db.insert(billingCustomerErasures).values(claimed).onConflictDoNothing();
        deps.logger?.error({ err: error }, 'billing customer could not be erased');
        return erased;
      }
    }
    erased += 1;
  }
}

/** Cancels (at the processor, then here) the subscriptions whose watch is no longer the household's. */
export async function cancelSubscriptionsOfDepartedWatches(
  deps: BillingJobDependencies,
  now: Date,
): Promise<number> {
  const departed = await deps.db
    .select()
    .from(billingSubscriptions)
    .where(
      and(
        inArray(billingSubscriptions.status, ['active', 'paused']),
        notExists(
          deps.db
            .select({ id: devices.id })
            .from(devices)
            .where(
              and(
                eq(devices.id, billingSubscriptions.deviceId),
                eq(devices.tenantId, billingSubscriptions.tenantId),
              ),
            ),
        ),
      ),
    );
  let canceled = 0;
  for (const subscription of departed) {
    try {
      if (subscription.providerSubscriptionId)
        await deps.provider.cancelSubscription(subscription.providerSubscriptionId);
    } catch (error) {
      if (!(
        isBillingError(error) &&
        (error.code === 'subscription_inactive' || error.code === 'resource_missing')
      )) {
        deps.logger?.error(
          { err: error, subscriptionId: subscription.id },
          'subscription could not be cancelled',
        );
        continue;
      }
    }
    await inTenantTransaction(deps.db, subscription.tenantId, async (tx) => {
      await tx
        .update(billingSubscriptions)
        .set({ status: 'canceled', canceledAt: now, cancelReason: 'watch_disconnected', pauseReason: null })
        .where(eq(billingSubscriptions.id, subscription.id));
      await tx
        .update(billingCharges)
        .set({ status: 'canceled', settledAt: now, nextAttemptAt: null })
        .where(
          and(
            eq(billingCharges.subscriptionId, subscription.id),
            inArray(billingCharges.status, ['due', 'retrying']),
          ),
        );
    });
    canceled += 1;
  }
  return canceled;
}
