import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingErrorCode } from './billing-error';
import { MASTERCARD, rejection, VISA } from './billing-contract-support';
import { describeSubscriptionContract } from './billing-subscriptions.contract';
import {
  ANNUAL_COMMITMENT_MONTHS,
  PLAN_LOOKUP_KEYS,
  type BillingCustomer,
  type BillingPrice,
  type BillingProvider,
} from './billing-provider';

/*
 * The one contract both providers keep, run by local-billing-provider.test.ts always and by
 * stripe-billing-provider.test.ts against Stripe's test mode when a test key is set. It covers
 * every interface call and the error codes the processor's test cards produce on both.
 */

export interface ContractHarness {
  provider: BillingProvider;
  /**
   * Saves a test card number on the customer the way the browser does (card form, then `addCard`)
   * and returns its payment method id; a card the processor refuses throws its BillingError.
   */
  saveTestCard(customerId: string, number: string, options?: { makeDefault?: boolean }): Promise<string>;
  /** A signature header for `body` with the webhook secret the provider checks, sent now. */
  signWebhook(body: string, timestampSeconds?: number): Promise<string>;
  close(): Promise<void>;
}

/** Cards whose outcome is the same on both providers: declined when saved. */
const DECLINED_WHEN_SAVED: [number: string, code: BillingErrorCode, declineCode: string][] = [
  ['4000000000000002', 'card_declined', 'generic_decline'],
  ['4000000000009995', 'card_declined', 'insufficient_funds'],
  ['4000000000000069', 'expired_card', 'expired_card'],
  ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
  ['4000000000000119', 'processing_error', 'processing_error'],
];

export function describeBillingProviderContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`BillingProvider contract: ${name}`, () => {
    let h: ContractHarness;
    let p: BillingProvider;
    // Lookup keys and product ids are account-wide at the processor: each run takes its own.
    const run = randomBytes(4).toString('hex');
    const monthlyKey = `${PLAN_LOOKUP_KEYS.watchMonthly}_${run}`;
    const annualKey = `${PLAN_LOOKUP_KEYS.watchAnnual}_${run}`;
    let monthly: BillingPrice;
    let annual: BillingPrice;

    beforeAll(async () => {
      h = await setup();
      p = h.provider;
      const product = { productId: `homeward_watch_${run}`, productName: 'Homeward watch subscription' };
      monthly = await p.ensurePrice({
        ...product,
        lookupKey: monthlyKey,
        unitAmount: 9900,
        currency: 'DKK',
        commitmentMonths: 1,
      });
      annual = await p.ensurePrice({
        ...product,
        lookupKey: annualKey,
        unitAmount: 7900,
        currency: 'dkk',
        commitmentMonths: ANNUAL_COMMITMENT_MONTHS,
      });
    });
    afterAll(() => h?.close());

    describeSubscriptionContract({
      provider: () => p,
      keys: { monthly: monthlyKey, annual: annualKey, unknown: `unknown_${run}` },
      newCustomer: () => newCustomer(),
      payingCustomer: (number) => payingCustomer(number),
    });

    const newCustomer = (details: Partial<BillingCustomer> = {}) =>
      p.createCustomer({
        name: 'Dorthe Hansen',
        email: `dorthe-${randomBytes(3).toString('hex')}@example.com`,
        ...details,
      });

    async function payingCustomer(number = VISA) {
      const customer = await newCustomer();
      const cardId = await h.saveTestCard(customer.id, number, { makeDefault: true });
      return { customer, cardId };
    }

    it('keeps prices by lookup key: the same values answer the same price, a new amount a new price', async () => {
      expect(monthly).toMatchObject({
        lookupKey: monthlyKey,
        unitAmount: 9900,
        currency: 'dkk',
        interval: 'month',
        commitmentMonths: 1,
      });
      expect(annual).toMatchObject({
        lookupKey: annualKey,
        commitmentMonths: 12,
        productId: monthly.productId,
      });
      const again = await p.ensurePrice({
        lookupKey: monthlyKey,
        productId: monthly.productId,
        productName: monthly.productName,
        unitAmount: 9900,
        currency: 'dkk',
        commitmentMonths: 1,
      });
      expect(again.id).toBe(monthly.id);
      const listed = await p.listPrices([monthlyKey, annualKey, `unknown_${run}`]);
      expect(listed.map((price) => price.lookupKey).sort()).toEqual([annualKey, monthlyKey].sort());

      const otherKey = `homeward_other_${run}`;
      const first = await p.ensurePrice({
        lookupKey: otherKey,
        productId: monthly.productId,
        productName: monthly.productName,
        unitAmount: 100,
        currency: 'dkk',
        commitmentMonths: 1,
      });
      const raised = await p.ensurePrice({
        lookupKey: otherKey,
        productId: monthly.productId,
        productName: monthly.productName,
        unitAmount: 200,
        currency: 'dkk',
        commitmentMonths: 1,
      });
      expect(raised.id).not.toBe(first.id);
      expect((await p.listPrices([otherKey])).map((price) => price.id)).toEqual([raised.id]);
    });

    it('creates, reads and updates a customer with the billing details; an unknown id is customer_not_found', async () => {
      const address = {
        line1: 'Eksempelvej 1',
        city: 'Aarhus',
        state: 'Midtjylland',
        postalCode: '8000',
        country: 'DK',
      };
      const created = await newCustomer({
        companyName: 'Hansen ApS',
        vatNumber: 'DK12345678',
        phone: '+4512345678',
        address,
        additionalInfo: 'Att. bookkeeping',
        metadata: { tenantId: 'tenant-1' },
      });
      expect(created).toMatchObject({
        name: 'Dorthe Hansen',
        companyName: 'Hansen ApS',
        vatNumber: 'DK12345678',
        defaultPaymentMethodId: null,
      });
      expect(await p.getCustomer(created.id)).toMatchObject({
        address: { ...address, line2: null },
        additionalInfo: 'Att. bookkeeping',
        metadata: { tenantId: 'tenant-1' },
      });
      const updated = await p.updateCustomer(created.id, {
        name: 'Dorthe Jensen',
        companyName: null,
        vatNumber: null,
      });
      expect(updated).toMatchObject({
        name: 'Dorthe Jensen',
        companyName: null,
        vatNumber: null,
        phone: '+4512345678',
      });
      expect((await p.getCustomer(created.id)).name).toBe('Dorthe Jensen');

      await p.deleteCustomer(created.id);
      expect(await rejection(p.getCustomer(created.id))).toMatchObject({ code: 'customer_not_found' });
      expect(await rejection(p.deleteCustomer(created.id))).toMatchObject({ code: 'customer_not_found' });

      expect(await rejection(p.getCustomer('cus_doesnotexist0000000000'))).toEqual({
        name: 'BillingError',
        code: 'customer_not_found',
      });
      expect(await rejection(p.updateCustomer('cus_doesnotexist0000000000', { name: 'x' }))).toMatchObject({
        code: 'customer_not_found',
      });
      expect(await rejection(p.listCards('cus_doesnotexist0000000000'))).toMatchObject({
        code: 'customer_not_found',
      });
    });

    it('sets up, adds, lists, defaults and removes cards, showing brand, last four and expiry only', async () => {
      const customer = await newCustomer();
      const setup = await p.createCardSetup(customer.id);
      expect(setup.id).toMatch(/^seti_/);
      expect(setup.clientSecret).toContain('_secret_');

      const visa = await h.saveTestCard(customer.id, VISA, { makeDefault: true });
      const mastercard = await h.saveTestCard(customer.id, MASTERCARD);
      const cards = await p.listCards(customer.id);
      expect(cards).toEqual([
        expect.objectContaining({ id: visa, brand: 'visa', last4: '4242', isDefault: true }),
        expect.objectContaining({ id: mastercard, brand: 'mastercard', last4: '4444', isDefault: false }),
      ]);
      expect(cards[0]!.expYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
      expect(Object.keys(cards[0]!).sort()).toEqual([
        'brand',
        'expMonth',
        'expYear',
        'id',
        'isDefault',
        'last4',
      ]);

      expect((await p.setDefaultCard(customer.id, mastercard)).defaultPaymentMethodId).toBe(mastercard);
      expect((await p.addCard(customer.id, visa, { makeDefault: true })).isDefault).toBe(true);
      await p.removeCard(customer.id, visa);
      expect((await p.getCustomer(customer.id)).defaultPaymentMethodId).toBeNull();
      expect((await p.listCards(customer.id)).map((card) => card.id)).toEqual([mastercard]);

      const stranger = await newCustomer();
      expect(await rejection(p.removeCard(stranger.id, mastercard))).toMatchObject({
        code: 'resource_missing',
      });
      expect(await rejection(p.setDefaultCard(stranger.id, mastercard))).toMatchObject({
        code: 'resource_missing',
      });
      expect(await rejection(p.createCardSetup('cus_doesnotexist0000000000'))).toMatchObject({
        code: 'customer_not_found',
      });
    });

    it.each(DECLINED_WHEN_SAVED)('refuses test card %s with %s (%s)', async (number, code, declineCode) => {
      const customer = await newCustomer();
      expect(await rejection(h.saveTestCard(customer.id, number))).toMatchObject({
        name: 'BillingError',
        code,
        declineCode,
      });
      expect(await p.listCards(customer.id)).toEqual([]);
    });

    it('verifies webhook signatures over the raw body', async () => {
      const body = JSON.stringify({
        id: `evt_contract_${run}`,
        object: 'event',
        type: 'customer.updated',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'cus_1', object: 'customer' } },
      });
      const event = await p.constructWebhookEvent(Buffer.from(body), await h.signWebhook(body));
      expect(event).toMatchObject({
        id: `evt_contract_${run}`,
        type: 'customer.updated',
        objectId: 'cus_1',
        customerId: 'cus_1',
      });
      const wrong = [
        [`${body} `, await h.signWebhook(body)],
        [body, undefined],
        [body, 't=1,v1=00'],
        [body, await h.signWebhook(body, Math.floor(Date.now() / 1000) - 600)],
      ] as const;
      for (const [raw, header] of wrong) {
        expect(await rejection(p.constructWebhookEvent(Buffer.from(raw), header))).toMatchObject({
          code: 'webhook_signature_invalid',
        });
      }
    });
  });
}

export { CHARGES_FAIL, VISA } from './billing-contract-support';
