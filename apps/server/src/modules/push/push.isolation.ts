import { randomBytes } from 'node:crypto';
import { browserKeys } from './push-test-support';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';

/**
 * Push subscriptions in the tenant-isolation suite: a browser of A's administrator subscribed (a
 * public https endpoint, never contacted here). The list shows only the caller's own devices, so
 * B's list must not mention A's device label, and B removing A's subscription by id gets 404.
 */
export const pushSubscriptionsIsolationCase: IsolationCase = {
  name: 'push subscriptions',
  tables: ['push_subscriptions'],
  permissions: [],
  async seed({ a }) {
    const keys = browserKeys();
    const label = `Phone ${randomBytes(6).toString('hex')}`;
    const created = await a.request({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        label,
      },
    });
    if (created.statusCode !== 201) throw new Error(`seed refused: ${created.statusCode} ${created.body}`);
    return { id: (created.json() as { id: string }).id, searchText: label };
  },
  list: '/api/push/subscriptions',
  remove: (id) => ({ method: 'DELETE', url: `/api/push/subscriptions/${id}` }),
};
