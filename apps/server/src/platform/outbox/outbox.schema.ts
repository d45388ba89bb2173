import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../db/uuid-v7';

export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;

/** A file sent with an e-mail (an invoice PDF), stored with its message so it leaves with it. */
export interface StoredOutboxAttachment {
  fileName: string;
  contentType: string;
  /** The file's bytes, base64. */
  contentBase64: string;
}

/**
 * Messages waiting to leave the system. Rows are written in the same transaction as the change
 * that causes them (an alarm, an invitation), so a message is never lost or sent for a rolled-back
 * change; a delivery job claims pending rows with `FOR UPDATE SKIP LOCKED`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id'),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** E-mail attachments (migration 0062); null for messages without any. */
    attachments: jsonb('attachments').$type<StoredOutboxAttachment[]>(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A failed message waits until then (exponential back-off) before the next attempt. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The last failure's message (never the recipient or body). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * The alarm a notification is about and the receiver it goes to (migration 0065): the delivery
     * tells the alarms module each attempt's outcome, which writes the timeline and falls back.
     */
    alarmId: uuid('alarm_id'),
    receiverId: uuid('receiver_id'),
  },
  (table) => [
    check('outbox_channel_check', sql`${table.channel} in ('email', 'sms', 'push')`),
    check('outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed')`),
    // The delivery job's query: oldest pending first.
    index('outbox_status_created_at_idx').on(table.status, table.createdAt),
    index('outbox_tenant_id_idx').on(table.tenantId),
    index('outbox_alarm_id_idx')
      .on(table.alarmId)
      .where(sql`${table.alarmId} is not null`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
export type NewOutboxRow = typeof outbox.$inferInsert;
