import type { Database } from '../../platform/db/database';
import { systemBillingClock, type BillingClock } from './billing-clock';
import { BillingError } from './billing-error';
import { billingEventOf } from './billing-events';
import type {
  BillingCard,
  BillingCustomer,
  BillingCustomerDetails,
  BillingEvent,
  BillingInvoice,
  BillingPrice,
  BillingProvider,
  BillingSubscription,
  CardSetup,
  ChargeResult,
  ChargeSubscriptionInput,
  EnsurePriceInput,
  SubscribeInput,
} from './billing-provider';
import type { CardFields } from './card-rules';
import {
  cardOf,
  customerOf,
  findCustomer,
  findCustomerCards,
  findCustomerSubscriptions,
  findPriceByLookupKey,
  findSubscription,
} from './local-billing.repository';
import { deliverLocalEvents, localWebhookSecret, type WebhookDelivery } from './local-billing-events';
import * as cards from './local-cards';
import * as customers from './local-customers';
import * as prices from './local-prices';
import { renderInvoicePdf, type InvoiceSeller } from './local-invoice-pdf';
import { findCustomerInvoice, findCustomerInvoices, findInvoiceById, invoiceOf } from './local-invoices';
import {
  chargePeriod,
  createSubscription,
  onceForKey,
  subscriptionOf,
  updateSubscription,
  type StoredCharge,
} from './local-subscriptions';
import { verifyWebhookSignature } from './webhook-signature';

export interface LocalBillingOptions {
  /** The server's own connection (not a request's transaction): the provider opens its own. */
  db: Database;
  seller: InvoiceSeller;
  clock?: BillingClock;
  /** Danish VAT by default; prices include it. */
  vatRatePercent?: number;
  /** Wall-clock time for webhook signatures (tests of the tolerance move it). */
  wallClock?: () => Date;
}

/**
 * The embedded card provider: behaves like the processor in test mode (its test card numbers and
 * codes, monthly periods from the subscription's anchor, pause by voiding), persisted in the
 * database so every node shares it, with an injectable clock. See billing-provider.schema.ts for
 * why its tables are not tenant-scoped.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly kind = 'local' as const;
  readonly #db: Database;
  readonly #clock: BillingClock;
  readonly #seller: InvoiceSeller;
  readonly #rules: { vatRatePercent: number };
  readonly #wallClock: () => Date;

  constructor(options: LocalBillingOptions) {
    this.#db = options.db;
    this.#clock = options.clock ?? systemBillingClock;
    this.#seller = options.seller;
    this.#rules = { vatRatePercent: options.vatRatePercent ?? 25 };
    this.#wallClock = options.wallClock ?? (() => new Date());
  }

  #write<T>(work: (tx: Database, now: Date) => Promise<T>): Promise<T> {
    return this.#db.transaction((tx) => work(tx, this.#clock.now()));
  }

  ensurePrice(input: EnsurePriceInput): Promise<BillingPrice> {
    return this.#write((tx, now) => prices.ensurePrice(tx, input, now));
  }

  async listPrices(lookupKeys: string[]): Promise<BillingPrice[]> {
    const found: BillingPrice[] = [];
    for (const key of lookupKeys) {
      const price = await findPriceByLookupKey(this.#db, key);
      if (price) found.push(price);
    }
    return found;
  }

  createCustomer(details: BillingCustomerDetails): Promise<BillingCustomer> {
    return this.#write((tx, now) => customers.createCustomer(tx, details, now));
  }

  updateCustomer(customerId: string, details: BillingCustomerDetails): Promise<BillingCustomer> {
    return this.#write((tx, now) => customers.updateCustomer(tx, customerId, details, now));
  }

  async getCustomer(customerId: string): Promise<BillingCustomer> {
    return customerOf(await findCustomer(this.#db, customerId));
  }

  deleteCustomer(customerId: string): Promise<void> {
    return this.#write((tx, now) => customers.deleteCustomer(tx, customerId, now));
  }

  createCardSetup(customerId: string): Promise<CardSetup> {
    return this.#write((tx, now) => cards.createCardSetup(tx, customerId, now));
  }

  /** The card form's confirmation of a setup (the card element's part; see local-cards.ts). */
  confirmCardSetup(clientSecret: string, fields: CardFields): Promise<string> {
    return this.#write((tx, now) => cards.confirmCardSetup(tx, clientSecret, fields, now));
  }

  addCard(customerId: string, paymentMethodId: string, options: { makeDefault?: boolean } = {}) {
    return this.#write((tx, now) =>
      cards.addCard(tx, customerId, paymentMethodId, !!options.makeDefault, now),
    );
  }

  async listCards(customerId: string): Promise<BillingCard[]> {
    const customer = await findCustomer(this.#db, customerId);
    const rows = await findCustomerCards(this.#db, customerId);
    return rows.map((row) => cardOf(row, customer.defaultPaymentMethodId));
  }

  removeCard(customerId: string, paymentMethodId: string): Promise<void> {
    return this.#write((tx, now) => cards.removeCard(tx, customerId, paymentMethodId, now));
  }

  setDefaultCard(customerId: string, paymentMethodId: string): Promise<BillingCustomer> {
    return this.#write((tx, now) => cards.setDefaultCard(tx, customerId, paymentMethodId, now));
  }

  async subscribe(input: SubscribeInput): Promise<BillingSubscription> {
    const id = await this.#write((tx, now) => {
      const create = () => createSubscription(tx, input, now, this.#rules);
      if (!input.idempotencyKey) return create();
      const request = JSON.stringify(['subscribe', input.customerId, input.lookupKey]);
      return onceForKey(tx, input.idempotencyKey, request, now, create);
    });
    return this.getSubscription(id);
  }

  async getSubscription(subscriptionId: string): Promise<BillingSubscription> {
    return subscriptionOf(this.#db, await findSubscription(this.#db, subscriptionId));
  }

  async listSubscriptions(customerId: string): Promise<BillingSubscription[]> {
    await findCustomer(this.#db, customerId);
    const rows = await findCustomerSubscriptions(this.#db, customerId);
    const subscriptions: BillingSubscription[] = [];
    for (const row of rows) subscriptions.push(await subscriptionOf(this.#db, row));
    return subscriptions;
  }

  async changePlan(subscriptionId: string, lookupKey: string): Promise<BillingSubscription> {
    return this.#write((tx, now) =>
      updateSubscription(tx, subscriptionId, now, async () => {
        const price = await findPriceByLookupKey(tx, lookupKey);
        if (!price) throw new BillingError('resource_missing', { param: 'price' });
        return { priceId: price.id };
      }),
    );
  }

  async pauseSubscription(subscriptionId: string): Promise<BillingSubscription> {
    return this.#write((tx, now) =>
      updateSubscription(tx, subscriptionId, now, async () => ({ paused: true })),
    );
  }

  async resumeSubscription(subscriptionId: string): Promise<BillingSubscription> {
    return this.#write((tx, now) =>
      updateSubscription(tx, subscriptionId, now, async () => ({ paused: false })),
    );
  }

  async cancelSubscription(subscriptionId: string): Promise<BillingSubscription> {
    return this.#write((tx, now) =>
      updateSubscription(
        tx,
        subscriptionId,
        now,
        async () => ({ status: 'canceled' as const, canceledAt: now }),
        'customer.subscription.deleted',
      ),
    );
  }

  async chargeSubscription(input: ChargeSubscriptionInput): Promise<ChargeResult> {
    const stored = await this.#write((tx, now) => {
      const request = JSON.stringify(['charge', input.subscriptionId, input.periodStart.toISOString()]);
      return onceForKey<StoredCharge>(tx, input.idempotencyKey, request, now, () =>
        chargePeriod(tx, input, now, this.#rules),
      );
    });
    const invoice = invoiceOf(await findInvoiceById(this.#db, stored.invoiceId));
    return { outcome: stored.outcome, invoice, ...(stored.failure ? { failure: stored.failure } : {}) };
  }

  async listInvoices(customerId: string): Promise<BillingInvoice[]> {
    await findCustomer(this.#db, customerId);
    return (await findCustomerInvoices(this.#db, customerId)).map(invoiceOf);
  }

  async getInvoicePdf(customerId: string, invoiceId: string): Promise<Buffer> {
    await findCustomer(this.#db, customerId);
    return renderInvoicePdf(await findCustomerInvoice(this.#db, customerId, invoiceId), this.#seller);
  }

  async constructWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<BillingEvent> {
    const body = rawBody.toString('utf8');
    const nowSeconds = Math.floor(this.#wallClock().getTime() / 1000);
    verifyWebhookSignature(body, signatureHeader, await localWebhookSecret(this.#db), nowSeconds);
    return billingEventOf(body);
  }

  /** Delivers pending events, signed, to `deliver` (the webhook service; see local-billing-events). */
  deliverWebhookEvents(deliver: WebhookDelivery, limit?: number): Promise<number> {
    return deliverLocalEvents(this.#db, deliver, { limit, wallClock: this.#wallClock });
  }

  /** The secret this installation's local events are signed with (tests sign their own with it). */
  webhookSecret(): Promise<string> {
    return localWebhookSecret(this.#db);
  }
}
