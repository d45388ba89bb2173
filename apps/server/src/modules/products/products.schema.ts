import { PRODUCT_KINDS, type DeviceAppSettings } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's product catalogue: device families (watch models), services and subscriptions. The
 * list price is in minor units of `currency`. Device-family columns are null for the other kinds.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    listPriceMinor: integer('list_price_minor').notNull(),
    currency: text('currency').notNull(),
    stellaIdPrefix: text('stella_id_prefix'),
    serialNumberPattern: text('serial_number_pattern'),
    /** How often a watch of this family reports; the offline job compares last-seen against it. */
    expectedReportingIntervalSeconds: integer('expected_reporting_interval_seconds'),
    defaultAppSettings: jsonb('default_app_settings').$type<DeviceAppSettings>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('products_tenant_name_idx').on(table.tenantId, sql`lower(${table.name})`)],
);

export type ProductRow = typeof products.$inferSelect;
