import { BILLING_METHODS, CUSTOMER_STATUSES, CUSTOMER_TYPES, TAX_ZONES } from '@homeward/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { products } from '../products/products.schema';
import { tenants } from '../tenants/tenants.schema';

/** A tenant's customers (the organisations it invoices), spec §3 "Customer". */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().$defaultFn(uuidv7),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default(''),
    email: text('email').notNull().default(''),
    invoiceEmail: text('invoice_email').notNull().default(''),
    agreementResponsibleName: text('agreement_responsible_name').notNull().default(''),
    agreementResponsiblePhone: text('agreement_responsible_phone').notNull().default(''),
    agreementResponsibleEmail: text('agreement_responsible_email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('active'),
    preferredBillingMethod: text('preferred_billing_method', { enum: BILLING_METHODS })
      .notNull()
      .default('email'),
    type: text('type', { enum: CUSTOMER_TYPES }).notNull().default('municipality'),
    taxZone: text('tax_zone', { enum: TAX_ZONES }).notNull().default('domestic'),
    currency: text('currency').notNull().default('DKK'),
    cvr: text('cvr').notNull().default(''),
    ean: text('ean').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Basis points (1250 = 12.5 %), so any two-decimal percentage is stored exactly. */
    discountBasisPoints: integer('discount_basis_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list sorts and searches by name within a tenant: lower(name) serves both the ORDER BY and
    // prefix searches. (pg_trgm would serve infix search but PGlite does not guarantee it.)
    index('customers_tenant_lower_name_idx').on(table.tenantId, sql`lower(${table.name})`, table.id),
    index('customers_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

/** A customer's own price of one product, replacing the list price; minor units of the product's currency. */
export const customerProductPrices = pgTable(
  'customer_product_prices',
  {
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceMinor: integer('price_minor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.productId] }),
    index('customer_product_prices_product_idx').on(table.productId),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
