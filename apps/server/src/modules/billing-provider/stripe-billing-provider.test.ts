import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { describeBillingProviderContract } from './billing-provider.contract';
import { StripeBillingProvider } from './stripe-billing-provider';
import { billingErrorOfStripe } from './stripe-errors';
import { customerOfStripe, stripeCustomerParams } from './stripe-objects';

/*
 * The Stripe adapter. Its error mapping, customer fields and webhook check run always (no network).
 * The shared contract runs against Stripe's test mode only with a test key: STRIPE_TEST_SECRET_KEY,
 * or STRIPE_SECRET_KEY when it is a test key (`sk_test_`); never with a live key. Without one the
 * suite is not registered and one line says so.
 */

const testKey =
  process.env.STRIPE_TEST_SECRET_KEY ||
  (process.env.STRIPE_SECRET_KEY?.startsWith('sk_test_') ? process.env.STRIPE_SECRET_KEY : undefined);

/** Stripe's test tokens for the test card numbers (raw numbers do not go to its API). */
const TEST_TOKENS: Record<string, string> = {
  '4242424242424242': 'tok_visa',
  '5555555555554444': 'tok_mastercard',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000341': 'tok_chargeCustomerFail',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  '4000000000000127': 'tok_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'tok_chargeDeclinedProcessingError',
};

if (testKey?.startsWith('sk_test_')) {
  describeBillingProviderContract('Stripe test mode', async () => {
    const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
    const provider = new StripeBillingProvider({ secretKey: testKey, webhookSecret });
    const stripe = new Stripe(testKey);
    return {
      provider,
      saveTestCard: async (customerId, number, options) => {
        const token = TEST_TOKENS[number];
        if (!token) throw new Error(`no Stripe test token for ${number}`);
        const method = await stripe.paymentMethods.create({ type: 'card', card: { token } });
        return (await provider.addCard(customerId, method.id, options)).id;
      },
      signWebhook: async (body, timestamp) =>
        Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret, timestamp }),
      close: async () => undefined,
    };
  });
} else {
  console.warn(
    'Stripe contract suite skipped: set STRIPE_TEST_SECRET_KEY (sk_test_...) to run it against Stripe test mode',
  );
}

/** A card error as Stripe's API raises it (the message is Stripe's own text, not mapped). */
const cardError = (raw: { code: string; decline_code?: string; param?: string; message?: string }) =>
  new Stripe.errors.StripeCardError({ type: 'card_error', message: 'x', ...raw });

/** Stripe's "No such ..." for an object that is not there. */
const missingObject = (param: string, message: string) =>
  new Stripe.errors.StripeInvalidRequestError({
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message,
  });

describe('Stripe adapter without the network', () => {
  it('maps Stripe card errors to BillingError with code, decline code and field', () => {
    const declined = cardError({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(billingErrorOfStripe(declined).toFailure()).toEqual({
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    const cvc = cardError({ code: 'incorrect_cvc', param: 'cvc' });
    expect(billingErrorOfStripe(cvc).toFailure()).toEqual({ code: 'incorrect_cvc', param: 'cvc' });
    const unlisted = cardError({ code: 'card_decline_rate_limit_exceeded' });
    expect(billingErrorOfStripe(unlisted).toFailure()).toEqual({
      code: 'card_declined',
      declineCode: 'card_decline_rate_limit_exceeded',
    });
  });

  it('maps missing objects, idempotency, signature and other failures', () => {
    const customer = missingObject('id', "No such customer: 'cus_123'");
    expect(billingErrorOfStripe(customer).code).toBe('customer_not_found');
    const price = missingObject('price', "No such price: 'x'");
    expect(billingErrorOfStripe(price).toFailure()).toEqual({ code: 'resource_missing', param: 'price' });
    expect(
      billingErrorOfStripe(
        new Stripe.errors.StripeIdempotencyError({ type: 'idempotency_error', message: 'x' }),
      ).code,
    ).toBe('idempotency_error');
    expect(
      billingErrorOfStripe(new Stripe.errors.StripeRateLimitError({ type: 'rate_limit_error', message: 'x' }))
        .code,
    ).toBe('api_error');
    const network = billingErrorOfStripe(new TypeError('fetch failed'));
    expect(network.code).toBe('api_error');
    // Stripe's messages may quote ids and parameters; ours names the error type only.
    expect(billingErrorOfStripe(customer).message).not.toContain('cus_123');
  });

  it('writes the spec’s billing details into Stripe’s fields and metadata, and reads them back', () => {
    const params = stripeCustomerParams({
      name: 'Dorthe',
      companyName: 'Hansen ApS',
      vatNumber: 'DK12345678',
      additionalInfo: 'Att. bookkeeping',
      address: { line1: 'Eksempelvej 1', city: 'Aarhus', postalCode: '8000', country: 'DK' },
      metadata: { tenantId: 't1' },
    });
    expect(params).toMatchObject({
      business_name: 'Hansen ApS',
      invoice_settings: { custom_fields: [{ name: 'VAT', value: 'DK12345678' }] },
      metadata: {
        tenantId: 't1',
        homeward_vat_number: 'DK12345678',
        homeward_additional_info: 'Att. bookkeeping',
      },
    });
    const customer = customerOfStripe({
      id: 'cus_1',
      name: 'Dorthe',
      email: '',
      phone: null,
      business_name: 'Hansen ApS',
      address: {
        line1: 'Eksempelvej 1',
        line2: '',
        city: 'Aarhus',
        state: null,
        postal_code: '8000',
        country: 'DK',
      },
      metadata: params.metadata as Record<string, string>,
      invoice_settings: { default_payment_method: 'pm_1' },
    } as unknown as Stripe.Customer);
    expect(customer).toMatchObject({
      email: null,
      companyName: 'Hansen ApS',
      vatNumber: 'DK12345678',
      additionalInfo: 'Att. bookkeeping',
      metadata: { tenantId: 't1' },
      defaultPaymentMethodId: 'pm_1',
      address: { line2: null, postalCode: '8000' },
    });
    expect(stripeCustomerParams({ vatNumber: null, address: null })).toMatchObject({
      address: '',
      invoice_settings: { custom_fields: '' },
      metadata: { homeward_vat_number: '' },
    });
  });

  it('verifies a webhook with the SDK, refusing another secret, a stale signature and no secret at all', async () => {
    const webhookSecret = 'whsec_adapter_test';
    const provider = new StripeBillingProvider({ secretKey: 'sk_test_offline', webhookSecret });
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_1', object: 'subscription', customer: 'cus_1' } },
    });
    const sign = (secret: string, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });
    expect(await provider.constructWebhookEvent(Buffer.from(body), sign(webhookSecret))).toMatchObject({
      id: 'evt_1',
      subscriptionId: 'sub_1',
      customerId: 'cus_1',
    });
    await expect(
      provider.constructWebhookEvent(Buffer.from(body), sign('whsec_other')),
    ).rejects.toMatchObject({ code: 'webhook_signature_invalid' });
    const stale = sign(webhookSecret, Math.floor(Date.now() / 1000) - 301);
    await expect(provider.constructWebhookEvent(Buffer.from(body), stale)).rejects.toMatchObject({
      code: 'webhook_signature_invalid',
    });
    const unconfigured = new StripeBillingProvider({ secretKey: 'sk_test_offline' });
    await expect(
      unconfigured.constructWebhookEvent(Buffer.from(body), sign(webhookSecret)),
    ).rejects.toMatchObject({ code: 'webhook_secret_missing' });
  });
});
