import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';

/**
 * Tenants (municipalities, care providers). A host table: it has no `tenant_id` of its own. Users,
 * roles and every tenant-owned row point here; null there means the host. Features, CVR rules and
 * the management screen arrive with the tenancy issue.
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    name: text('name').notNull(),
    cvr: text('cvr'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tenants_name_unique').on(sql`lower(${table.name})`)],
);

export type TenantRow = typeof tenants.$inferSelect;

/**
 * A tenant's feature values (catalogue: `FEATURES` in contracts). Only values that differ from the
 * default need a row; the value is text and parsed by the feature's type. Tenant-owned: the rows go
 * with the tenant, and null `tenant_id` would be the host's own values.
 */
export const tenantFeatures = pgTable(
  'tenant_features',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tenant_features_tenant_name_unique').on(table.tenantId, table.name)],
);
