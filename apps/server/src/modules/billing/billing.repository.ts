import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { devices } from '../devices/devices.schema';
import {
  billingAccounts,
  billingCharges,
  billingSubscriptions,
  type BillingAccountRow,
  type BillingSubscriptionRow,
} from './billing.schema';

/*
 * Queries of the household's billing rows. Each runs in a transaction scoped to one household
 * (row-level security), and names the household too, so a forgotten scope still finds nothing else.
 */

export async function findAccount(db: Database, tenantId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.tenantId, tenantId));
  return row;
}

/** The account row, made empty on first use (two first uses at once both end with the one row). */
export async function ensureAccount(
  db: Database,
  tenantId: string,
  provider: 'local' | 'stripe',
): Promise<BillingAccountRow> {
  await db.insert(billingAccounts).values({ tenantId, provider }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, tenantId))
    .for('update');
  return row!;
}

export async function updateAccount(
  db: Database,
  tenantId: string,
  values: Partial<typeof billingAccounts.$inferInsert>,
): Promise<void> {
  await db.update(billingAccounts).set(values).where(eq(billingAccounts.tenantId, tenantId));
}

/** The household's subscriptions with their watch's name while it is still the household's. */
export async function findSubscriptions(db: Database, tenantId: string) {
  return db
    .select({ subscription: billingSubscriptions, deviceName: devices.name })
    .from(billingSubscriptions)
    .leftJoin(devices, and(eq(devices.id, billingSubscriptions.deviceId), eq(devices.tenantId, tenantId)))
    .where(and(eq(billingSubscriptions.tenantId, tenantId), ne(billingSubscriptions.status, 'pending')))
    .orderBy(desc(billingSubscriptions.createdAt));
}

export async function findSubscription(
  db: Database,
  tenantId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<BillingSubscriptionRow | undefined> {
  const query = db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.tenantId, tenantId), eq(billingSubscriptions.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Claims a watch for a subscription being made (one live subscription per watch, unique). */
export async function insertPendingSubscription(
  db: Database,
  tenantId: string,
  deviceId: string,
  plan: BillingSubscriptionRow['plan'],
): Promise<BillingSubscriptionRow> {
  const [row] = await db
    .insert(billingSubscriptions)
    .values({ tenantId, deviceId, plan, status: 'pending' })
    .returning();
  return row!;
}

export async function updateSubscription(
  db: Database,
  tenantId: string,
  id: string,
  values: Partial<typeof billingSubscriptions.$inferInsert>,
): Promise<void> {
  await db
    .update(billingSubscriptions)
    .set(values)
    .where(and(eq(billingSubscriptions.tenantId, tenantId), eq(billingSubscriptions.id, id)));
}

export async function deleteSubscription(db: Database, tenantId: string, id: string): Promise<void> {
  await db
    .delete(billingSubscriptions)
    .where(and(eq(billingSubscriptions.tenantId, tenantId), eq(billingSubscriptions.id, id)));
}

/** A watch of the household (connected: its row is the household's). */
export async function findHouseholdWatch(db: Database, tenantId: string, deviceId: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name })
    .from(devices)
    .where(and(eq(devices.tenantId, tenantId), eq(devices.id, deviceId)));
  return row;
}

/** Whether the household has a subscription that is charged (active: not paused, not cancelled). */
export async function hasActiveSubscription(db: Database, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: billingSubscriptions.id })
    .from(billingSubscriptions)
    .where(
      and(
        eq(billingSubscriptions.tenantId, tenantId),
        sql`${billingSubscriptions.status} in ('active', 'pending')`,
      ),
    )
    .limit(1);
  return !!row;
}

/** The period the subscription starts with, recorded as paid: subscribing charged it. */
export async function insertFirstCharge(
  db: Database,
  values: {
    tenantId: string;
    subscriptionId: string;
    periodStart: Date;
    periodEnd: Date;
    invoiceId: string | null;
    now: Date;
  },
): Promise<void> {
  await db
    .insert(billingCharges)
    .values({
      tenantId: values.tenantId,
      subscriptionId: values.subscriptionId,
      periodStart: values.periodStart,
      periodEnd: values.periodEnd,
      status: 'paid',
      attempts: 1,
      invoiceId: values.invoiceId,
      settledAt: values.now,
    })
    .onConflictDoNothing();
}
