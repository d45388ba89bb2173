import type { WatchSubscription } from '@homeward/contracts';

/** One line of the subscriptions list: a watch and the subscription it shows, if any. */
export interface WatchSubscriptionRow {
  deviceId: string;
  /** Null when the watch left the household and the subscription no longer knows its name. */
  name: string | null;
  /** Its live subscription, else its last cancelled one, else none (it can be subscribed). */
  subscription: WatchSubscription | null;
}

const isLive = (subscription: WatchSubscription) => subscription.status !== 'canceled';

/** The live subscription of a watch, else its most recent cancelled one. */
function subscriptionOf(subscriptions: WatchSubscription[], deviceId: string): WatchSubscription | null {
  const own = subscriptions.filter((subscription) => subscription.deviceId === deviceId);
  const live = own.find(isLive);
  if (live) return live;
  return own.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null;
}

/**
 * The list the owner reads: every connected watch in the household's order, each with its
 * subscription, then live subscriptions of watches no longer listed (still charged, so still
 * shown and pausable). `watches` is undefined when the user cannot list the watches: then the
 * subscriptions alone make the list.
 */
export function watchSubscriptionRows(
  watches: readonly { id: string; name: string }[] | undefined,
  subscriptions: WatchSubscription[],
): WatchSubscriptionRow[] {
  const rows: WatchSubscriptionRow[] = (watches ?? []).map((watch) => ({
    deviceId: watch.id,
    name: watch.name,
    subscription: subscriptionOf(subscriptions, watch.id),
  }));
  const listed = new Set(rows.map((row) => row.deviceId));
  for (const subscription of subscriptions) {
    if (listed.has(subscription.deviceId)) continue;
    if (watches && !isLive(subscription)) continue;
    listed.add(subscription.deviceId);
    const shown = subscriptionOf(subscriptions, subscription.deviceId);
    rows.push({ deviceId: subscription.deviceId, name: shown?.deviceName ?? null, subscription: shown });
  }
  return rows;
}
