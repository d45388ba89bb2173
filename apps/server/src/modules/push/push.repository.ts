import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { pushSubscriptions } from './push.schema';

/** Queries of push subscriptions; a user's own, within the tenant. */

export interface NewPushSubscription {
  tenantId: string | null;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  userAgent: string;
}

/** The subscriptions of a user, newest first. */
export async function findUserSubscriptions(db: Database, tenantId: string | null, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(inTenant(pushSubscriptions.tenantId, tenantId), eq(pushSubscriptions.userId, userId)))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}

/** Every subscription of a user, for sending (the delivery job runs as the owner, unscoped). */
export async function findSubscriptionsForSending(db: Database, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

/**
 * Stores a subscription, or renews the keys of the same endpoint. Another user's row of the same
 * endpoint (the browser's previous account, perhaps in another tenant) is released first.
 */
export async function upsertSubscription(db: Database, values: NewPushSubscription) {
  await db.execute(sql`select homeward_release_push_endpoint(${values.endpoint}, ${values.userId}::uuid)`);
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: values.p256dh,
        auth: values.auth,
        label: values.label,
        userAgent: values.userAgent,
        failureCount: 0,
      },
    })
    .returning();
  return row!;
}

/** Deletes the user's subscription with this id or endpoint; the number deleted (0 or 1). */
export async function deleteUserSubscription(
  db: Database,
  tenantId: string | null,
  userId: string,
  by: { id?: string; endpoint?: string },
): Promise<number> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(
      and(
        inTenant(pushSubscriptions.tenantId, tenantId),
        eq(pushSubscriptions.userId, userId),
        by.id ? eq(pushSubscriptions.id, by.id) : eq(pushSubscriptions.endpoint, by.endpoint!),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  return rows.length;
}

/** Keeps a user's newest `keep` subscriptions and deletes older ones. */
export async function trimUserSubscriptions(
  db: Database,
  tenantId: string | null,
  userId: string,
  keep: number,
) {
  const rows = await findUserSubscriptions(db, tenantId, userId);
  const old = rows.slice(keep).map((row) => row.id);
  if (old.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, old));
}

/** A push service accepted a message for the subscription. */
export async function markSubscriptionDelivered(db: Database, id: string, at: Date) {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at, failureCount: 0 })
    .where(eq(pushSubscriptions.id, id));
}

/** A push service refused a message (other than "gone"), or could not be reached. */
export async function markSubscriptionFailed(db: Database, id: string) {
  await db
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(eq(pushSubscriptions.id, id));
}

/** The push service has forgotten the subscription (404 or 410): it will never work again. */
export async function deleteSubscription(db: Database, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** What sending needs of a subscription. */
export type PushTarget = Pick<typeof pushSubscriptions.$inferSelect, 'id' | 'endpoint' | 'p256dh' | 'auth'>;
