import { MESSAGE_STATUSES } from '@homeward/contracts';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * Scheduled messages (spec §7). The addressees are kept as given (users and organization units);
 * the delivery job resolves them to users when the message is sent, so a unit's message reaches its
 * members at that time, not those of the day it was written. The counts are filled in on delivery.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('scheduled'),
    userIds: uuid('user_ids').array().notNull().default([]),
    organizationUnitIds: uuid('organization_unit_ids').array().notNull().default([]),
    includeSubOrganizations: boolean('include_sub_organizations').notNull().default(false),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    recipientCount: integer('recipient_count'),
    emailCount: integer('email_count'),
  },
  (table) => [
    // The job's claim: due scheduled messages, oldest first.
    index('scheduled_messages_due_idx').on(table.status, table.sendAt),
    index('scheduled_messages_tenant_send_at_idx').on(table.tenantId, table.sendAt),
  ],
);

/** One row per user a message reached; `read_at` is set when the user opens it. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => scheduledMessages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    // The inbox: a user's messages, newest first.
    index('message_recipients_user_delivered_idx').on(table.userId, table.deliveredAt),
  ],
);

export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;
export type ScheduledMessageInsert = typeof scheduledMessages.$inferInsert;
