import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { tenants } from '../tenants/tenants.schema';

/*
 * The household's billing rows (migration 0056): tenant-owned, isolated by row-level security. The
 * processor's objects (customer, cards, subscriptions, invoices) live at the processor; these keep
 * our references to them and what our rules need without calling it (see billing-provider.ts on
 * why no processor call is made inside a transaction).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One per household: its processor customer (made on first use) and the spec's billing details. */
export const billingAccounts = pgTable('billing_accounts', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
  customerId: text('customer_id'),
  /** The customer's default card as we last set it: the invitation rule reads it in a transaction. */
  defaultCardId: text('default_card_id'),
  /** Set by an account transfer: the old owner's cards are to be removed from the customer. */
  cardsReleasePending: boolean('cards_release_pending').notNull().default(false),
  name: text('name'),
  address: text('address'),
  companyName: text('company_name'),
  vatNumber: text('vat_number'),
  street: text('street'),
  city: text('city'),
  county: text('county'),
  country: text('country'),
  zip: text('zip'),
  additionalInfo: text('additional_info'),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export type BillingAccountRow = typeof billingAccounts.$inferSelect;

export const SUBSCRIPTION_PLAN_VALUES = ['monthly', 'annual'] as const;

/** One per connected watch; `pending` while the processor is being asked to subscribe. */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  id: uuid('id').primaryKey().$defaultFn(uuidv7),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  deviceId: uuid('device_id').notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  plan: text('plan', { enum: SUBSCRIPTION_PLAN_VALUES }).notNull(),
  status: text('status', { enum: ['pending', 'active', 'paused', 'canceled'] }).notNull(),
  pauseReason: text('pause_reason', { enum: ['owner', 'payment_failed', 'device_stopped'] }),
  billingCycleAnchor: at('billing_cycle_anchor'),
  currentPeriodStart: at('current_period_start'),
  currentPeriodEnd: at('current_period_end'),
  /** The first period the billing job has not made a charge row for yet. */
  nextPeriodStart: at('next_period_start'),
  commitmentEndsAt: at('commitment_ends_at'),
  createdAt: at('created_at').notNull().defaultNow(),
  canceledAt: at('canceled_at'),
  cancelReason: text('cancel_reason'),
});

export type BillingSubscriptionRow = typeof billingSubscriptions.$inferSelect;

export const CHARGE_STATUSES = ['due', 'retrying', 'paid', 'voided', 'uncollected', 'canceled'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** One per subscription and period (unique): what makes "never charged twice" hold. */
export const billingCharges = pgTable('billing_charges', {
  id: uuid('id').primaryKey().$defaultFn(uuidv7),
  tenantId: uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
  periodStart: at('period_start').notNull(),
  periodEnd: at('period_end').notNull(),
  status: text('status', { enum: CHARGE_STATUSES }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: at('next_attempt_at'),
  leaseToken: text('lease_token'),
  leaseUntil: at('lease_until'),
  invoiceId: text('invoice_id'),
  failureCode: text('failure_code'),
  declineCode: text('decline_code'),
  createdAt: at('created_at').notNull().defaultNow(),
  settledAt: at('settled_at'),
});

export type BillingChargeRow = typeof billingCharges.$inferSelect;

/** Processor customers of deleted households, deleted at the processor by the job (0057). */
export const billingCustomerErasures = pgTable(
  'billing_customer_erasures',
  {
    customerId: text('customer_id').notNull(),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    requestedAt: at('requested_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'billing_customer_erasures_pk', columns: [table.provider, table.customerId] }),
  ],
);
