import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { deliverDueMessages } from './message-delivery';

/**
 * Scheduled messages in the tenant-isolation suite: A schedules a message to its own administrator,
 * due now, and the job delivers it, so both tables hold A's rows. B can neither list, search nor
 * read the message, nor cancel it (404, not "already sent").
 */
export const messagesIsolationCase: IsolationCase = {
  name: 'scheduled messages',
  tables: ['scheduled_messages', 'message_recipients'],
  permissions: ['Homeward.Messages', 'Homeward.Messages.Create'],
  async seed({ t, a }) {
    const subject = `Isolated message ${randomBytes(5).toString('hex')}`;
    const created = await a.request({
      method: 'POST',
      url: '/api/messages',
      payload: { subject, body: 'Only for A', sendAt: new Date().toISOString(), userIds: [a.userId] },
    });
    if (created.statusCode !== 201) throw new Error(`seed refused: ${created.statusCode} ${created.body}`);
    const { id } = created.json() as { id: string };
    await deliverDueMessages(t.database.db, new Date(Date.now() + 1000));
    return { id, searchText: subject };
  },
  list: '/api/messages?maxResultCount=1000',
  read: (id) => `/api/messages/${id}`,
  update: (row) => ({ method: 'POST', url: `/api/messages/${row.id}/cancel` }),
  search: (text) => `/api/messages?filter=${encodeURIComponent(text)}`,
};
