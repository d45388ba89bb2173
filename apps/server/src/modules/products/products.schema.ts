import { PRODUCT_KINDS, type DeviceAppSettings } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/**
 * A tenant's product catalogue: device families (watch models), services, subscriptions and
 * accessories. The list price is in minor units of `currency`. Device-family columns are null for
 * the other kinds, and accessory columns (launch, end of life, stock count; migration 0061) too.
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
    launchDate: date('launch_date'),
    endOfLifeDate: date('end_of_life_date'),
    /** Accessories in stock; customer orders take from it (never below 0: a check constraint). */
    stockCount: integer('stock_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('products_tenant_name_idx').on(table.tenantId, sql`lower(${table.name})`),
    check('products_stock_count_not_negative', sql`${table.stockCount} >= 0`),
    check('products_end_of_life_after_launch', sql`${table.endOfLifeDate} > ${table.launchDate}`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
