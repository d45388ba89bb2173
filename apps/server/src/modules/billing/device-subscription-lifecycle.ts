import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { billingCharges, billingSubscriptions } from './billing.schema';

/*
 * What device administration does to a watch's subscription, inside its transaction (issue 19):
 * a stop pauses or ends it, an exchange moves it to the replacement watch. Only our rows change:
 * the billing job charges from them (`chargeSubscription` per period), so a paused or ended row is
 * never charged again. Subscriptions are per tenant: only the caller's tenant's are touched.
 */

const live = (tenantId: string, deviceId: string) =>
  and(
    eq(billingSubscriptions.tenantId, tenantId),
    eq(billingSubscriptions.deviceId, deviceId),
    ne(billingSubscriptions.status, 'canceled'),
  );

/** Pauses the watch's live subscription (periods that begin while paused are voided). */
export async function pauseSubscriptionOfStoppedDevice(
  db: Database,
  tenantId: string,
  deviceId: string,
): Promise<number> {
  const rows = await db
    .update(billingSubscriptions)
    .set({ status: 'paused', pauseReason: 'device_stopped' })
    .where(live(tenantId, deviceId))
    .returning({ id: billingSubscriptions.id });
  return rows.length;
}

/** Ends the watch's live subscription and cancels its charges not yet collected. */
export async function endSubscriptionOfStoppedDevice(
  db: Database,
  tenantId: string,
  deviceId: string,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(billingSubscriptions)
    .set({ status: 'canceled', canceledAt: now, cancelReason: 'device_stopped', pauseReason: null })
    .where(live(tenantId, deviceId))
    .returning({ id: billingSubscriptions.id });
  if (rows.length === 0) return 0;
  await db
    .update(billingCharges)
    .set({ status: 'canceled', settledAt: now, nextAttemptAt: null })
    .where(
      and(
        inArray(
          billingCharges.subscriptionId,
          rows.map((row) => row.id),
        ),
        inArray(billingCharges.status, ['due', 'retrying']),
      ),
    );
  return rows.length;
}

/**
 * Moves the live subscription of one watch to another (an exchange). The unique index on live
 * subscriptions refuses it when the replacement already has one of its own.
 */
export async function moveSubscriptionToDevice(
  db: Database,
  tenantId: string,
  fromDeviceId: string,
  toDeviceId: string,
): Promise<number> {
  const rows = await db
    .update(billingSubscriptions)
    .set({ deviceId: toDeviceId })
    .where(live(tenantId, fromDeviceId))
    .returning({ id: billingSubscriptions.id });
  return rows.length;
}
