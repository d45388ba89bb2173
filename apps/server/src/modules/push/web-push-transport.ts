import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { PushSendResult, PushTransport } from '../../platform/outbox/push-transport';
import * as repository from './push.repository';
import type { VapidKeySource } from './vapid-keys';
import { sendWebPush, type PushSenderOptions } from './web-push-sender';

export interface WebPushTransportOptions extends PushSenderOptions {
  keys: VapidKeySource;
  logger?: Pick<Logger, 'info' | 'warn'>;
  now?: () => Date;
}

/**
 * Sends a user's push to each of their subscribed devices. Delivered when at least one push service
 * accepted it (2xx); a 404 or 410 means the subscription is gone, and its row is deleted. The log
 * names the push service's host and status, never the endpoint's secret path, the keys or the text.
 */
export function createWebPushTransport(options: WebPushTransportOptions): PushTransport {
  return {
    async send(db, message) {
      const subscriptions = await repository.findSubscriptionsForSending(db, message.userId);
      return pushToSubscriptions(db, subscriptions, message.payload, options);
    },
  };
}

/** Pushes `payload` to these subscriptions (the test notification uses it directly). */
export async function pushToSubscriptions(
  db: Database,
  subscriptions: repository.PushTarget[],
  payload: string,
  options: WebPushTransportOptions,
): Promise<PushSendResult & { sent: number; failed: number }> {
  if (subscriptions.length === 0) return { delivered: false, reason: 'noSubscription', sent: 0, failed: 0 };
  const keys = await options.keys(db);
  const now = options.now ?? (() => new Date());
  let sent = 0;
  let gone = 0;
  let failed = 0;
  for (const subscription of subscriptions) {
    const service = new URL(subscription.endpoint).host;
    try {
      const status = await sendWebPush(subscription, payload, keys, options);
      if (status >= 200 && status < 300) {
        sent += 1;
        await repository.markSubscriptionDelivered(db, subscription.id, now());
      } else if (status === 404 || status === 410) {
        gone += 1;
        await repository.deleteSubscription(db, subscription.id);
      } else {
        failed += 1;
        await repository.markSubscriptionFailed(db, subscription.id);
      }
      options.logger?.info({ pushService: service, status }, 'push sent to push service');
    } catch (error) {
      failed += 1;
      await repository.markSubscriptionFailed(db, subscription.id);
      options.logger?.warn(
        { pushService: service, reason: (error as NodeJS.ErrnoException).code ?? 'error' },
        'push service unreachable',
      );
    }
  }
  if (sent > 0) return { delivered: true, sent, failed: failed + gone };
  return { delivered: false, reason: failed > 0 ? 'rejected' : 'gone', sent, failed: failed + gone };
}
