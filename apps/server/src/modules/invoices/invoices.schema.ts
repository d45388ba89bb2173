import { INVOICE_LINE_KINDS, TAX_ZONES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { customers } from '../customers/customers.schema';
import { devices } from '../devices/devices.schema';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';

/**
 * The last invoice number a tenant has given (migration 0062). A run takes its block of numbers by
 * updating this row in the run's own transaction: concurrent runs of one tenant wait for each other,
 * and a rolled-back run gives its numbers back, so a tenant's numbers have no gaps.
 */
export const invoiceNumberCounters = pgTable('invoice_number_counters', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * A tenant's invoice to one of its customers for one month, or a credit note (negative amounts,
 * `creditedInvoiceId` set) correcting one. The payer's name, e-mail, tax zone and currency are kept
 * as invoiced. Invoices are never deleted, which keeps the numbering gapless.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    payerName: text('payer_name').notNull(),
    invoiceEmail: text('invoice_email').notNull().default(''),
    /** The month invoiced, `YYYY-MM`. */
    month: text('month').notNull(),
    issuedDate: date('issued_date').notNull(),
    dueDate: date('due_date').notNull(),
    /** 1 Draft, 2 Sent, 3 Paid (`INVOICE_STATUSES`). */
    status: smallint('status').notNull().default(1),
    currency: text('currency').notNull(),
    taxZone: text('tax_zone', { enum: TAX_ZONES }).notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    vatMinor: bigint('vat_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    creditedInvoiceId: uuid('credited_invoice_id').references((): AnyPgColumn => invoices.id, {
      onDelete: 'restrict',
    }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_tenant_number_unique').on(table.tenantId, table.number),
    // Idempotence: one invoice per customer and month (credit notes aside), whatever runs twice.
    uniqueIndex('invoices_tenant_customer_month_unique')
      .on(table.tenantId, table.customerId, table.month)
      .where(sql`${table.creditedInvoiceId} is null`),
    uniqueIndex('invoices_credited_invoice_unique')
      .on(table.creditedInvoiceId)
      .where(sql`${table.creditedInvoiceId} is not null`),
    index('invoices_tenant_month_idx').on(table.tenantId, table.month),
    index('invoices_customer_idx').on(table.customerId),
    check('invoices_month_check', sql`${table.month} ~ '^\\d{4}-(0[1-9]|1[0-2])$'`),
    check('invoices_due_after_issue', sql`${table.dueDate} >= ${table.issuedDate}`),
  ],
);

/** One line of an invoice; written with it and never changed. `month` repeats the invoice's. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    deviceName: text('device_name'),
    month: text('month').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.position),
    // "Was this watch billed this month already?" during a run.
    index('invoice_lines_tenant_month_device_idx').on(table.tenantId, table.month, table.deviceId),
    index('invoice_lines_device_idx').on(table.deviceId),
    index('invoice_lines_product_idx').on(table.productId),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLine = typeof invoiceLines.$inferInsert;
