import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * A browser's Web Push subscription of a user (issue 21): the push service's endpoint and the keys
 * the message is encrypted with. An endpoint belongs to one browser profile, so it is unique over
 * all tenants; a push service answering 404 or 410 has forgotten it and the row goes.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique('push_subscriptions_endpoint_unique'),
    /** The browser's P-256 public key and 16-byte auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** Failed pushes since the last delivered one. */
    failureCount: integer('failure_count').notNull().default(0),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId),
    index('push_subscriptions_tenant_idx').on(table.tenantId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The VAPID key pair of every node when VAPID_* are unset: one row, made by the first start. */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('push_vapid_keys_single_row_check', sql`${table.id} = 1`)],
);
