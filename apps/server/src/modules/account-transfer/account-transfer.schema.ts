import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';

/**
 * A household's pending transfer (migration 0052): the owner chose a member, who accepts with the
 * link sent to them. One per household; only the hash of the link's token is stored.
 */
export const accountTransfers = pgTable(
  'account_transfers',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('account_transfers_tenant_id_unique').on(table.tenantId),
    uniqueIndex('account_transfers_token_hash_unique').on(table.tokenHash),
  ],
);
