import type { CardBrand } from '@homeward/contracts';
import type { BillingFailure } from './billing-error';

/*
 * The card processor as the rest of Homeward sees it: one interface, two implementations (the
 * embedded local provider and the Stripe adapter). Amounts are in minor units (øre); times are
 * whole seconds, as the processor keeps them. Every method throws `BillingError` on failure.
 *
 * Call it outside a database transaction, as any call to a processor over the network should be:
 * the local provider writes in transactions of its own on the server's connection (it stands in
 * for a remote system whose state does not roll back with ours), and embedded PGlite has a single
 * connection, so a call made inside an open transaction would wait for that transaction forever.
 */

/** Stable price lookup keys both providers share (prices are found by these, never by id). */
export const PLAN_LOOKUP_KEYS = {
  watchMonthly: 'homeward_watch_monthly',
  watchAnnual: 'homeward_watch_annual',
} as const;

/**
 * "Annual" is billed once a month like "monthly", with a 12-month commitment (the spec bills the
 * card once per month in both plans), so switching plans swaps the price and keeps the cycle.
 */
export const ANNUAL_COMMITMENT_MONTHS = 12;

/** The card brands the processor reports (`card.brand`); the web app shows a logo per brand. */
export type { CardBrand } from '@homeward/contracts';

/** The spec's billing details; `state` is the county. */
export interface BillingAddress {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  /** ISO 3166-1 alpha-2 (`DK`). */
  country?: string | null;
}

export interface BillingCustomerDetails {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  companyName?: string | null;
  vatNumber?: string | null;
  address?: BillingAddress | null;
  additionalInfo?: string | null;
  /** Our references (tenant id): strings only, as the processor keeps them. */
  metadata?: Record<string, string>;
}

export interface BillingCustomer extends BillingCustomerDetails {
  id: string;
  /** The card charges use (`invoice_settings.default_payment_method`); null when none. */
  defaultPaymentMethodId: string | null;
}

/** A saved card: only what the processor shows of it. */
export interface BillingCard {
  id: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}

/** The secret the browser's card form confirms a card setup with (a SetupIntent). */
export interface CardSetup {
  id: string;
  clientSecret: string;
}

/** A catalogue price; both plans bill monthly, prices include VAT. */
export interface BillingPrice {
  id: string;
  lookupKey: string;
  productId: string;
  productName: string;
  unitAmount: number;
  /** ISO 4217, lower case as the processor writes it (`dkk`). */
  currency: string;
  interval: 'month';
  /** 1 for monthly, 12 for annual. */
  commitmentMonths: number;
}

export interface EnsurePriceInput {
  lookupKey: string;
  /** The product's stable id (`homeward_watch`); the monthly and annual prices share it. */
  productId: string;
  productName: string;
  unitAmount: number;
  currency: string;
  commitmentMonths: number;
}

export interface BillingSubscription {
  id: string;
  customerId: string;
  /** The processor's status: `active`, `past_due`, `canceled`, ... */
  status: string;
  price: BillingPrice;
  /** Collection paused (`pause_collection: { behavior: 'void' }`): invoices are made and voided. */
  paused: boolean;
  billingCycleAnchor: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  metadata: Record<string, string>;
}

export interface SubscribeInput {
  customerId: string;
  lookupKey: string;
  metadata?: Record<string, string>;
  /** A retried request with the same key creates no second subscription. */
  idempotencyKey?: string;
}

export interface BillingInvoiceLine {
  description: string;
  quantity: number;
  /** Including VAT. */
  amount: number;
  periodStart: Date;
  periodEnd: Date;
}

export type BillingInvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface BillingInvoice {
  id: string;
  number: string | null;
  customerId: string;
  subscriptionId: string | null;
  status: BillingInvoiceStatus;
  currency: string;
  /** Excluding VAT. */
  subtotal: number;
  tax: number;
  total: number;
  periodStart: Date;
  periodEnd: Date;
  createdAt: Date;
  paidAt: Date | null;
  /** Payment attempts made so far. */
  attemptCount: number;
  lines: BillingInvoiceLine[];
}

export interface ChargeSubscriptionInput {
  subscriptionId: string;
  /** The period's first instant: the anchor plus whole months. */
  periodStart: Date;
  /**
   * One payment attempt per key (Stripe's Idempotency-Key): the same key answers the first
   * attempt's result and charges nothing; a retry after a decline needs a new key. Whatever the
   * keys, a period is paid at most once: its invoice is unique per subscription and period.
   */
  idempotencyKey: string;
}

/**
 * - `paid`: this call charged the card.
 * - `already_paid`: the period's invoice was paid before; nothing was charged.
 * - `failed`: the charge failed (`failure` says why); the invoice stays open for a retry.
 * - `voided`: collection is paused, so the period's invoice was voided.
 * - `pending`: the processor has not made the period's invoice yet (Stripe only); ask again later.
 */
export type ChargeOutcome = 'paid' | 'already_paid' | 'failed' | 'voided' | 'pending';

export interface ChargeResult {
  outcome: ChargeOutcome;
  invoice: BillingInvoice | null;
  failure?: BillingFailure;
}

/** A verified webhook event, in the processor's terms. */
export interface BillingEvent {
  /** `evt_...`: events are applied once per id. */
  id: string;
  /** `invoice.paid`, `invoice.payment_failed`, `customer.subscription.updated`, ... */
  type: string;
  createdAt: Date;
  /** The id of the object the event is about (`in_...`, `sub_...`, `pm_...`, `cus_...`). */
  objectId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The object as the processor sent it. */
  object: Record<string, unknown>;
}

export interface BillingProvider {
  readonly kind: 'local' | 'stripe';

  /** Creates the price, or returns the one with that lookup key when it has these values. */
  ensurePrice(input: EnsurePriceInput): Promise<BillingPrice>;
  /** The active prices with these lookup keys (unknown keys are left out). */
  listPrices(lookupKeys: string[]): Promise<BillingPrice[]>;

  createCustomer(details: BillingCustomerDetails): Promise<BillingCustomer>;
  /** Changes the given fields; `null` clears one. */
  updateCustomer(customerId: string, details: BillingCustomerDetails): Promise<BillingCustomer>;
  getCustomer(customerId: string): Promise<BillingCustomer>;
  /**
   * Deletes the customer (an erased account): its subscriptions are cancelled, its cards removed
   * and its details erased; the id is `customer_not_found` afterwards. Invoices stay.
   */
  deleteCustomer(customerId: string): Promise<void>;

  /** Starts a card setup; the browser's card form confirms it with the client secret. */
  createCardSetup(customerId: string): Promise<CardSetup>;
  /** Saves a confirmed card (payment method id) on the customer, optionally as the default. */
  addCard(
    customerId: string,
    paymentMethodId: string,
    options?: { makeDefault?: boolean },
  ): Promise<BillingCard>;
  listCards(customerId: string): Promise<BillingCard[]>;
  /** Removing the default card leaves the customer without one. */
  removeCard(customerId: string, paymentMethodId: string): Promise<void>;
  setDefaultCard(customerId: string, paymentMethodId: string): Promise<BillingCustomer>;

  /** Subscribes and charges the first month now; a declined card creates nothing. */
  subscribe(input: SubscribeInput): Promise<BillingSubscription>;
  getSubscription(subscriptionId: string): Promise<BillingSubscription>;
  listSubscriptions(customerId: string): Promise<BillingSubscription[]>;
  /** Swaps the price without proration; the billing cycle stays, the new price bills from the next period. */
  changePlan(subscriptionId: string, lookupKey: string): Promise<BillingSubscription>;
  pauseSubscription(subscriptionId: string): Promise<BillingSubscription>;
  resumeSubscription(subscriptionId: string): Promise<BillingSubscription>;
  cancelSubscription(subscriptionId: string): Promise<BillingSubscription>;
  /** Charges one period of a subscription (the monthly billing job's call), idempotently. */
  chargeSubscription(input: ChargeSubscriptionInput): Promise<ChargeResult>;

  /** The customer's invoices, newest first. */
  listInvoices(customerId: string): Promise<BillingInvoice[]>;
  /** The invoice as a PDF, for the customer it belongs to. */
  getInvoicePdf(customerId: string, invoiceId: string): Promise<Buffer>;

  /**
   * Verifies a webhook's signature header (`t=...,v1=...`) over the raw body and returns its event;
   * throws `webhook_signature_invalid` for a missing, wrong or stale signature.
   */
  constructWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<BillingEvent>;
}
