import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';

/**
 * Setting values by provider: `G` (global), `T` (tenant, key = tenant id) or `U` (user, key = user
 * id). A value is looked up from the most specific provider to the least.
 */
export const settings = pgTable(
  'settings',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    /** Null means the host; tenant rows are also filtered by row-level security. */
    tenantId: uuid('tenant_id'),
    name: text('name').notNull(),
    value: text('value').notNull(),
    providerName: text('provider_name').notNull(),
    providerKey: text('provider_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // NULLS NOT DISTINCT: a global setting has no provider key, and must still exist only once.
    unique('settings_name_provider_unique')
      .on(table.name, table.providerName, table.providerKey)
      .nullsNotDistinct(),
    index('settings_tenant_id_idx').on(table.tenantId),
  ],
);

export type SettingRow = typeof settings.$inferSelect;
export type NewSettingRow = typeof settings.$inferInsert;
