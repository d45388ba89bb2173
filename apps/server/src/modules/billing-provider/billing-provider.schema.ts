import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BillingFailure } from './billing-error';
import type { BillingAddress, BillingCustomerDetails, BillingInvoiceLine } from './billing-provider';

/*
 * The local provider's own store (migration 0054) and the webhook events applied (0055).
 *
 * None of these tables is tenant-scoped, on purpose: they stand in for the card processor, whose
 * objects are keyed by its own ids (`cus_...`), not by our tenants. Only the provider reads them,
 * on the server's own connection; the request role has no privilege on them at all (REVOKE in the
 * migrations), so no request can read a card or customer here even by a forgotten filter. A
 * tenant reaches its processor customer only through the customer id our tenant-scoped billing
 * rows keep, exactly as with Stripe.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row: the secret the local provider signs its webhook events with (made by the migration). */
export const billingLocalAccount = pgTable('billing_local_account', {
  id: smallint('id').primaryKey().default(1),
  webhookSecret: text('webhook_secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

export const billingLocalProducts = pgTable('billing_local_products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull(),
});

/** Prices, found by lookup key; a changed amount makes a new price that takes the key over. */
export const billingLocalPrices = pgTable(
  'billing_local_prices',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => billingLocalProducts.id),
    lookupKey: text('lookup_key'),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    commitmentMonths: integer('commitment_months').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: at('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('billing_local_prices_lookup_key_unique')
      .on(table.lookupKey)
      .where(sql`${table.lookupKey} is not null`),
  ],
);

export const billingLocalCustomers = pgTable('billing_local_customers', {
  id: text('id').primaryKey(),
  name: text('name'),
  email: text('email'),
  phone: text('phone'),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  address: jsonb('address').$type<BillingAddress>(),
  additionalInfo: text('additional_info'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  defaultPaymentMethodId: text('default_payment_method_id'),
  createdAt: at('created_at').notNull(),
  /** Deleted (account erased): its personal columns are cleared, and it is "not found" from then on. */
  deletedAt: at('deleted_at'),
});

/** A card setup waiting for the card form (a SetupIntent); confirmed once. */
export const billingLocalSetupIntents = pgTable('billing_local_setup_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  customerId: text('customer_id')
    .notNull()
    .references(() => billingLocalCustomers.id),
  status: text('status', { enum: ['requires_payment_method', 'succeeded'] }).notNull(),
  paymentMethodId: text('payment_method_id'),
  createdAt: at('created_at').notNull(),
});

/**
 * A card: brand, last four digits and expiry only, never the number or CVC. `chargeFailure` is
 * the test-mode behaviour the number had (4000000000000341: every charge fails).
 */
export const billingLocalPaymentMethods = pgTable(
  'billing_local_payment_methods',
  {
    id: text('id').primaryKey(),
    /** Order of saving (a test clock standing still gives cards the same creation time). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** Null once detached (removed). */
    customerId: text('customer_id').references(() => billingLocalCustomers.id),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    chargeFailure: jsonb('charge_failure').$type<BillingFailure>(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('billing_local_payment_methods_customer_idx').on(table.customerId, table.seq)],
);

export const billingLocalSubscriptions = pgTable(
  'billing_local_subscriptions',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingLocalCustomers.id),
    priceId: text('price_id')
      .notNull()
      .references(() => billingLocalPrices.id),
    status: text('status', { enum: ['active', 'canceled'] }).notNull(),
    billingCycleAnchor: at('billing_cycle_anchor').notNull(),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    /** `pause_collection: { behavior: 'void' }` is set. */
    paused: boolean('paused').notNull().default(false),
    canceledAt: at('canceled_at'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('billing_local_subscriptions_customer_idx').on(table.customerId, table.seq)],
);

/**
 * Invoices, one per subscription and period (the unique index is what makes "no period is charged
 * twice" hold whatever runs the charge). `buyer` keeps the customer's details as they were when
 * the invoice was made, as a printed invoice does.
 */
export const billingLocalInvoices = pgTable(
  'billing_local_invoices',
  {
    id: text('id').primaryKey(),
    number: text('number').notNull().unique(),
    customerId: text('customer_id')
      .notNull()
      .references(() => billingLocalCustomers.id),
    subscriptionId: text('subscription_id').references(() => billingLocalSubscriptions.id),
    status: text('status', { enum: ['open', 'paid', 'void'] }).notNull(),
    currency: text('currency').notNull(),
    subtotal: integer('subtotal').notNull(),
    tax: integer('tax').notNull(),
    /** The VAT rate the invoice was made with, in hundredths of a percent (2500 = 25 %). */
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    total: integer('total').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    lastFailure: jsonb('last_failure').$type<BillingFailure>(),
    buyer: jsonb('buyer').$type<BillingCustomerDetails>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
  },
  (table) => [
    uniqueIndex('billing_local_invoices_subscription_period_unique').on(
      table.subscriptionId,
      table.periodStart,
    ),
    index('billing_local_invoices_customer_idx').on(table.customerId, table.createdAt),
  ],
);

/** An invoice line as stored (times as ISO text inside jsonb). */
export type StoredInvoiceLine = Omit<BillingInvoiceLine, 'periodStart' | 'periodEnd'> & {
  periodStart: string;
  periodEnd: string;
};

/** The answer of a call made with an idempotency key, replayed when the key comes again. */
export const billingLocalIdempotencyKeys = pgTable('billing_local_idempotency_keys', {
  key: text('key').primaryKey(),
  /** The operation and its parameters; the same key with others is `idempotency_error`. */
  request: text('request').notNull(),
  response: jsonb('response'),
  createdAt: at('created_at').notNull(),
});

/** Events the local provider emits, waiting for delivery to the webhook route's service. */
export const billingLocalEvents = pgTable(
  'billing_local_events',
  {
    id: text('id').primaryKey(),
    /** Emission order, which delivery keeps. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    /** The event body exactly as it is signed and delivered. */
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
    /** A node delivering the event holds it until then; after that another node may take it. */
    claimedUntil: at('claimed_until'),
    deliveredAt: at('delivered_at'),
  },
  (table) => [
    index('billing_local_events_pending_idx')
      .on(table.seq)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/** Webhook events already applied, by event id (either provider): a replay is not applied again. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  objectId: text('object_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
