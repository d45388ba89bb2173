import { and, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MessageStatus } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { users } from '../users/users.schema';
import {
  messageRecipients,
  scheduledMessages,
  type ScheduledMessageInsert,
  type ScheduledMessageRow,
} from './messages.schema';

/** Scheduled messages and their recipients; every query is limited to one tenant (or the host). */

export interface MessagePageRequest extends PageRequest {
  status?: MessageStatus;
}

export type MessageWithSender = ScheduledMessageRow & { createdByName: string | null };

const SORT_COLUMNS = {
  subject: scheduledMessages.subject,
  sendAt: scheduledMessages.sendAt,
  status: scheduledMessages.status,
  createdAt: scheduledMessages.createdAt,
};

const senderName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.userName})`;

/** One page of the tenant's messages, newest send time first unless sorted otherwise. */
export async function findMessages(
  db: Database,
  tenantId: string | null,
  page: MessagePageRequest,
): Promise<{ items: MessageWithSender[]; totalCount: number }> {
  const where = and(
    inTenant(scheduledMessages.tenantId, tenantId),
    page.filter ? ilike(scheduledMessages.subject, likePattern(page.filter)) : undefined,
    page.status ? eq(scheduledMessages.status, page.status) : undefined,
  );
  const orderBy = orderByOf(page.sorting, SORT_COLUMNS, desc(scheduledMessages.sendAt));
  const rows = await db
    .select({ message: scheduledMessages, createdByName: senderName })
    .from(scheduledMessages)
    .leftJoin(users, eq(users.id, scheduledMessages.createdByUserId))
    .where(where)
    .orderBy(orderBy, desc(scheduledMessages.id))
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(scheduledMessages).where(where);
  return {
    items: rows.map((row) => ({ ...row.message, createdByName: row.createdByName })),
    totalCount: total?.n ?? 0,
  };
}

export async function findMessage(
  db: Database,
  tenantId: string | null,
  id: string,
): Promise<MessageWithSender | undefined> {
  const [row] = await db
    .select({ message: scheduledMessages, createdByName: senderName })
    .from(scheduledMessages)
    .leftJoin(users, eq(users.id, scheduledMessages.createdByUserId))
    .where(and(inTenant(scheduledMessages.tenantId, tenantId), eq(scheduledMessages.id, id)));
  return row ? { ...row.message, createdByName: row.createdByName } : undefined;
}

export async function insertMessage(
  db: Database,
  values: ScheduledMessageInsert,
): Promise<ScheduledMessageRow> {
  const [row] = await db.insert(scheduledMessages).values(values).returning();
  return row!;
}

/** Cancels a message that is still scheduled; undefined when there is none such (sent, gone). */
export async function cancelMessage(
  db: Database,
  tenantId: string | null,
  id: string,
  now: Date,
): Promise<ScheduledMessageRow | undefined> {
  const [row] = await db
    .update(scheduledMessages)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        inTenant(scheduledMessages.tenantId, tenantId),
        eq(scheduledMessages.id, id),
        eq(scheduledMessages.status, 'scheduled'),
      ),
    )
    .returning();
  return row;
}

/** Which of these users exist in the tenant. */
export async function findUserIdsInTenant(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inTenant(users.tenantId, tenantId)));
  return rows.map((row) => row.id);
}

/** Which of these organization units exist in the tenant. */
export async function findUnitIdsInTenant(db: Database, tenantId: string | null, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(and(inArray(organizationUnits.id, ids), inTenant(organizationUnits.tenantId, tenantId)));
  return rows.map((row) => row.id);
}

/** One page of the messages that reached a user, newest first, with the inbox's unread count. */
export async function findMessagesForUser(
  db: Database,
  tenantId: string | null,
  userId: string,
  page: { skipCount: number; maxResultCount: number; unreadOnly: boolean },
) {
  const mine = and(inTenant(messageRecipients.tenantId, tenantId), eq(messageRecipients.userId, userId));
  const where: SQL | undefined = page.unreadOnly ? and(mine, isNull(messageRecipients.readAt)) : mine;
  const rows = await db
    .select({
      id: scheduledMessages.id,
      subject: scheduledMessages.subject,
      body: scheduledMessages.body,
      senderName,
      deliveredAt: messageRecipients.deliveredAt,
      readAt: messageRecipients.readAt,
    })
    .from(messageRecipients)
    .innerJoin(scheduledMessages, eq(scheduledMessages.id, messageRecipients.messageId))
    .leftJoin(users, eq(users.id, scheduledMessages.createdByUserId))
    .where(where)
    .orderBy(desc(messageRecipients.deliveredAt), desc(messageRecipients.messageId))
    .limit(page.maxResultCount)
    .offset(page.skipCount);
  const [total] = await db.select({ n: count() }).from(messageRecipients).where(where);
  const [unread] = await db
    .select({ n: count() })
    .from(messageRecipients)
    .where(and(mine, isNull(messageRecipients.readAt)));
  return { rows, totalCount: total?.n ?? 0, unreadCount: unread?.n ?? 0 };
}

/**
 * Marks a user's message read (the first time only); false when the message did not reach the
 * user in this tenant.
 */
export async function markMessageRead(
  db: Database,
  tenantId: string | null,
  userId: string,
  messageId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .update(messageRecipients)
    .set({ readAt: sql`coalesce(${messageRecipients.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(
      and(
        inTenant(messageRecipients.tenantId, tenantId),
        eq(messageRecipients.userId, userId),
        eq(messageRecipients.messageId, messageId),
      ),
    )
    .returning({ messageId: messageRecipients.messageId });
  return row !== undefined;
}

/** Recipient choices: the tenant's active users or organization units, as `{id, displayName}`. */
export async function findRecipientLookup(
  db: Database,
  tenantId: string | null,
  kind: 'users' | 'organizationUnits',
  lookup: { filter?: string; skip: number; take: number },
) {
  const pattern = lookup.filter ? likePattern(lookup.filter) : undefined;
  if (kind === 'users') {
    const displayName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.userName})`;
    const where = and(
      inTenant(users.tenantId, tenantId),
      eq(users.isActive, true),
      pattern
        ? or(ilike(users.userName, pattern), ilike(users.name, pattern), ilike(users.email, pattern))
        : undefined,
    );
    const items = await db
      .select({ id: users.id, displayName })
      .from(users)
      .where(where)
      .orderBy(displayName, users.id)
      .limit(lookup.take)
      .offset(lookup.skip);
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { items, totalCount: total?.n ?? 0 };
  }
  const where = and(
    inTenant(organizationUnits.tenantId, tenantId),
    pattern ? ilike(organizationUnits.displayName, pattern) : undefined,
  );
  const items = await db
    .select({ id: organizationUnits.id, displayName: organizationUnits.displayName })
    .from(organizationUnits)
    .where(where)
    .orderBy(organizationUnits.displayName, organizationUnits.id)
    .limit(lookup.take)
    .offset(lookup.skip);
  const [total] = await db.select({ n: count() }).from(organizationUnits).where(where);
  return { items, totalCount: total?.n ?? 0 };
}
