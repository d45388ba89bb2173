import { ORDER_LINE_KINDS } from '@homeward/contracts';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { organizationUnits } from '../organization-units/organization-units.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * A customer's order (migration 0061): the watches it reserved from stock and the accessories it
 * took, sent to one of the customer's organizations. Who placed it is kept by name as it was.
 */
export const customerOrders = pgTable(
  'customer_orders',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizationUnits.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    createdByUserId: uuid('created_by_user_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_orders_tenant_customer_created_idx').on(
      table.tenantId,
      table.customerId,
      table.createdAt,
    ),
    index('customer_orders_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

/**
 * One product line of an order, with the name and the customer's net unit price when it was
 * placed, so the order reads the same after the catalogue changes.
 */
export const customerOrderLines = pgTable(
  'customer_order_lines',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    kind: text('kind', { enum: ORDER_LINE_KINDS }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    currency: text('currency').notNull(),
  },
  (table) => [
    index('customer_order_lines_order_idx').on(table.orderId),
    index('customer_order_lines_product_idx').on(table.productId),
    check('customer_order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/** The watches an order reserved; the IMEI stays readable if the watch is deleted later. */
export const customerOrderDevices = pgTable(
  'customer_order_devices',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => customerOrders.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    imei: text('imei').notNull(),
  },
  (table) => [
    index('customer_order_devices_order_idx').on(table.orderId),
    index('customer_order_devices_device_idx').on(table.deviceId),
  ],
);

export type CustomerOrderRow = typeof customerOrders.$inferSelect;
export type CustomerOrderLineRow = typeof customerOrderLines.$inferSelect;
