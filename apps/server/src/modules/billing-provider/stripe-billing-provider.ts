import Stripe from 'stripe';
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
import { createStripePrice, findOrCreateVatRate, type StripeCall } from './stripe-catalogue';
import { attachStripeCard, findStripeCard, listStripeCards } from './stripe-cards';
import { chargeStripeSubscription } from './stripe-charges';
import { billingErrorOfStripe } from './stripe-errors';
import {
  cardOfStripe,
  customerOfStripe,
  invoiceOfStripe,
  priceOfStripe,
  stripeCustomerParams,
} from './stripe-objects';
import { WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';

export interface StripeBillingOptions {
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_...`); without it every webhook is refused. */
  webhookSecret?: string;
  /** Danish VAT by default; prices include it (an inclusive tax rate on every subscription). */
  vatRatePercent?: number;
  wallClock?: () => Date;
}

const fromSeconds = (value: number) => new Date(value * 1000);
const dropNulls = (details: BillingCustomerDetails): BillingCustomerDetails =>
  Object.fromEntries(Object.entries(details).filter(([, value]) => value !== null));

/**
 * The card processor itself, through the official SDK (selected when STRIPE_SECRET_KEY is set).
 * Prices are monthly with a lookup key and their commitment in metadata; VAT is an inclusive tax
 * rate this adapter finds or makes (metadata `homeward_vat`). Stripe charges renewals itself; the
 * billing job's `chargeSubscription` finds the period's invoice and pays it (or voids it when
 * paused), so the same job runs on both providers.
 */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  readonly #stripe: Stripe;
  readonly #webhookSecret?: string;
  readonly #vatRatePercent: number;
  readonly #wallClock: () => Date;
  readonly #productNames = new Map<string, string>();
  #vatRateId?: string;

  constructor(options: StripeBillingOptions) {
    this.#stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, appInfo: { name: 'Homeward' } });
    this.#webhookSecret = options.webhookSecret;
    this.#vatRatePercent = options.vatRatePercent ?? 25;
    this.#wallClock = options.wallClock ?? (() => new Date());
  }

  /** Runs an SDK call, with its failure as a BillingError. */
  readonly #call: StripeCall = async (work) => {
    try {
      return await work(this.#stripe);
    } catch (error) {
      throw billingErrorOfStripe(error);
    }
  };

  async #price(price: Stripe.Price): Promise<BillingPrice> {
    const productId = typeof price.product === 'string' ? price.product : price.product.id;
    let name = this.#productNames.get(productId);
    if (name === undefined) {
      const product = await this.#call((stripe) => stripe.products.retrieve(productId));
      name = product.name;
      this.#productNames.set(productId, name);
    }
    return priceOfStripe(price, name);
  }

  async #priceByLookupKey(lookupKey: string): Promise<Stripe.Price> {
    const list = await this.#call((stripe) => stripe.prices.list({ lookup_keys: [lookupKey], active: true }));
    const price = list.data[0];
    if (!price) throw new BillingError('resource_missing', { param: 'price' });
    return price;
  }

  async ensurePrice(input: EnsurePriceInput): Promise<BillingPrice> {
    const list = await this.#call((stripe) =>
      stripe.prices.list({ lookup_keys: [input.lookupKey], active: true }),
    );
    const current = list.data[0] ? await this.#price(list.data[0]) : undefined;
    const created = await createStripePrice(this.#call, input, current);
    if (!created) return current!;
    this.#productNames.set(input.productId, input.productName);
    return this.#price(created);
  }

  async listPrices(lookupKeys: string[]): Promise<BillingPrice[]> {
    if (lookupKeys.length === 0) return [];
    const list = await this.#call((stripe) =>
      stripe.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 }),
    );
    const prices: BillingPrice[] = [];
    for (const price of list.data) prices.push(await this.#price(price));
    return prices;
  }

  async createCustomer(details: BillingCustomerDetails): Promise<BillingCustomer> {
    const params = stripeCustomerParams(dropNulls(details)) as Stripe.CustomerCreateParams;
    return customerOfStripe(await this.#call((stripe) => stripe.customers.create(params)));
  }

  async updateCustomer(customerId: string, details: BillingCustomerDetails): Promise<BillingCustomer> {
    await this.getCustomer(customerId);
    return customerOfStripe(
      await this.#call((stripe) => stripe.customers.update(customerId, stripeCustomerParams(details))),
    );
  }

  async getCustomer(customerId: string): Promise<BillingCustomer> {
    const customer = await this.#call((stripe) => stripe.customers.retrieve(customerId));
    if (customer.deleted) throw new BillingError('customer_not_found', { param: 'customer' });
    return customerOfStripe(customer);
  }

  /** Stripe cancels the customer's subscriptions and detaches its cards; invoices stay. */
  async deleteCustomer(customerId: string): Promise<void> {
    await this.getCustomer(customerId);
    await this.#call((stripe) => stripe.customers.del(customerId));
  }

  async createCardSetup(customerId: string): Promise<CardSetup> {
    await this.getCustomer(customerId);
    const intent = await this.#call((stripe) =>
      stripe.setupIntents.create({
        customer: customerId,
        allowed_payment_method_types: ['card'],
        usage: 'off_session',
      }),
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async addCard(customerId: string, paymentMethodId: string, options: { makeDefault?: boolean } = {}) {
    let customer = await this.getCustomer(customerId);
    const method = await attachStripeCard(this.#call, customerId, paymentMethodId);
    if (options.makeDefault) customer = await this.setDefaultCard(customerId, method.id);
    return cardOfStripe(method, customer.defaultPaymentMethodId);
  }

  async listCards(customerId: string): Promise<BillingCard[]> {
    const customer = await this.getCustomer(customerId);
    return listStripeCards(this.#call, customerId, customer.defaultPaymentMethodId);
  }

  async removeCard(customerId: string, paymentMethodId: string): Promise<void> {
    await this.getCustomer(customerId);
    await findStripeCard(this.#call, customerId, paymentMethodId);
    await this.#call((stripe) => stripe.paymentMethods.detach(paymentMethodId));
  }

  async setDefaultCard(customerId: string, paymentMethodId: string): Promise<BillingCustomer> {
    await this.getCustomer(customerId);
    await findStripeCard(this.#call, customerId, paymentMethodId);
    const invoice_settings = { default_payment_method: paymentMethodId };
    return customerOfStripe(
      await this.#call((stripe) => stripe.customers.update(customerId, { invoice_settings })),
    );
  }

  async #subscription(subscription: Stripe.Subscription): Promise<BillingSubscription> {
    const item = subscription.items.data[0]!;
    return {
      id: subscription.id,
      customerId:
        typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      status: subscription.status,
      price: await this.#price(item.price),
      paused: subscription.pause_collection?.behavior === 'void',
      billingCycleAnchor: fromSeconds(subscription.billing_cycle_anchor),
      currentPeriodStart: fromSeconds(item.current_period_start),
      currentPeriodEnd: fromSeconds(item.current_period_end),
      metadata: subscription.metadata ?? {},
    };
  }

  async #vatRate(): Promise<string> {
    this.#vatRateId ??= await findOrCreateVatRate(this.#call, this.#vatRatePercent);
    return this.#vatRateId;
  }

  async subscribe(input: SubscribeInput): Promise<BillingSubscription> {
    const customer = await this.getCustomer(input.customerId);
    if (!customer.defaultPaymentMethodId)
      throw new BillingError('missing', { param: 'default_payment_method' });
    const price = await this.#priceByLookupKey(input.lookupKey);
    const taxRate = await this.#vatRate();
    const subscription = await this.#call((stripe) =>
      stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: price.id }],
          // A declined first charge fails the call and leaves no subscription, as locally.
          payment_behavior: 'error_if_incomplete',
          default_tax_rates: [taxRate],
          metadata: input.metadata ?? {},
        },
        input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : undefined,
      ),
    );
    return this.#subscription(subscription);
  }

  async #activeSubscription(subscriptionId: string): Promise<Stripe.Subscription> {
    const subscription = await this.#call((stripe) => stripe.subscriptions.retrieve(subscriptionId));
    if (subscription.status === 'canceled')
      throw new BillingError('subscription_inactive', { param: 'subscription' });
    return subscription;
  }

  async getSubscription(subscriptionId: string): Promise<BillingSubscription> {
    return this.#subscription(await this.#call((stripe) => stripe.subscriptions.retrieve(subscriptionId)));
  }

  async listSubscriptions(customerId: string): Promise<BillingSubscription[]> {
    await this.getCustomer(customerId);
    const list = await this.#call((stripe) =>
      stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    const subscriptions: BillingSubscription[] = [];
    for (const subscription of list.data) subscriptions.push(await this.#subscription(subscription));
    return subscriptions.sort((a, b) => b.billingCycleAnchor.getTime() - a.billingCycleAnchor.getTime());
  }

  async changePlan(subscriptionId: string, lookupKey: string): Promise<BillingSubscription> {
    const subscription = await this.#activeSubscription(subscriptionId);
    const price = await this.#priceByLookupKey(lookupKey);
    const item = subscription.items.data[0]!;
    return this.#subscription(
      await this.#call((stripe) =>
        stripe.subscriptions.update(subscriptionId, {
          // Both prices bill monthly, so the cycle stays as it is; the new price bills from the next period.
          items: [{ id: item.id, price: price.id }],
          proration_behavior: 'none',
        }),
      ),
    );
  }

  async pauseSubscription(subscriptionId: string): Promise<BillingSubscription> {
    await this.#activeSubscription(subscriptionId);
    return this.#subscription(
      await this.#call((stripe) =>
        stripe.subscriptions.update(subscriptionId, { pause_collection: { behavior: 'void' } }),
      ),
    );
  }

  async resumeSubscription(subscriptionId: string): Promise<BillingSubscription> {
    await this.#activeSubscription(subscriptionId);
    return this.#subscription(
      await this.#call((stripe) => stripe.subscriptions.update(subscriptionId, { pause_collection: '' })),
    );
  }

  async cancelSubscription(subscriptionId: string): Promise<BillingSubscription> {
    await this.#activeSubscription(subscriptionId);
    return this.#subscription(await this.#call((stripe) => stripe.subscriptions.cancel(subscriptionId)));
  }

  async chargeSubscription(input: ChargeSubscriptionInput): Promise<ChargeResult> {
    const subscription = await this.#call((stripe) => stripe.subscriptions.retrieve(input.subscriptionId));
    const customerId =
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
    const customer = await this.getCustomer(customerId);
    return chargeStripeSubscription(this.#call, subscription, input, {
      now: this.#wallClock(),
      hasDefaultCard: customer.defaultPaymentMethodId !== null,
    });
  }

  async listInvoices(customerId: string): Promise<BillingInvoice[]> {
    await this.getCustomer(customerId);
    const list = await this.#call((stripe) => stripe.invoices.list({ customer: customerId, limit: 100 }));
    return list.data.map(invoiceOfStripe);
  }

  async getInvoicePdf(customerId: string, invoiceId: string): Promise<Buffer> {
    await this.getCustomer(customerId);
    const invoice = await this.#call((stripe) => stripe.invoices.retrieve(invoiceId));
    const owner = typeof invoice.customer === 'string' ? invoice.customer : invoice.customer?.id;
    if (owner !== customerId || !invoice.invoice_pdf)
      throw new BillingError('resource_missing', { param: 'invoice' });
    const response = await fetch(invoice.invoice_pdf);
    if (!response.ok)
      throw new BillingError('api_error', { message: `invoice PDF download answered ${response.status}` });
    return Buffer.from(await response.arrayBuffer());
  }

  async constructWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<BillingEvent> {
    if (!this.#webhookSecret) throw new BillingError('webhook_secret_missing');
    if (!signatureHeader)
      throw new BillingError('webhook_signature_invalid', { message: 'no signature header' });
    // The SDK takes the receiving time in milliseconds.
    const receivedAt = this.#wallClock().getTime();
    await this.#call(async (stripe) =>
      stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.#webhookSecret!,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt,
      ),
    );
    return billingEventOf(rawBody.toString('utf8'));
  }
}
