import { describe, expect, it } from 'vitest';
import { addMonths } from './billing-clock';
import type { BillingCustomer, BillingProvider } from './billing-provider';
import { CHARGES_FAIL, rejection } from './billing-contract-support';

/*
 * The subscription part of the one contract (billing-provider.contract.ts runs it for each
 * provider): subscribe with the first month charged, plan change without moving the cycle, pause
 * and resume, cancel, the billing job's charge, invoices and their PDF.
 */

export interface SubscriptionContractContext {
  provider(): BillingProvider;
  keys: { monthly: string; annual: string; unknown: string };
  newCustomer(): Promise<BillingCustomer>;
  /** A customer whose default card is the test card `number` (Visa unless told). */
  payingCustomer(number?: string): Promise<{ customer: BillingCustomer; cardId: string }>;
}

export function describeSubscriptionContract(ctx: SubscriptionContractContext): void {
  describe('subscriptions', () => {
    it('subscribes and charges the first month at once; without a default card it is `missing`', async () => {
      const bare = await ctx.newCustomer();
      expect(
        await rejection(ctx.provider().subscribe({ customerId: bare.id, lookupKey: ctx.keys.monthly })),
      ).toMatchObject({
        code: 'missing',
      });
      expect(
        await rejection(
          ctx.provider().subscribe({ customerId: 'cus_doesnotexist0000000000', lookupKey: ctx.keys.monthly }),
        ),
      ).toMatchObject({ code: 'customer_not_found' });
      const { customer } = await ctx.payingCustomer();
      expect(
        await rejection(ctx.provider().subscribe({ customerId: customer.id, lookupKey: ctx.keys.unknown })),
      ).toMatchObject({ code: 'resource_missing' });

      const subscription = await ctx.provider().subscribe({
        customerId: customer.id,
        lookupKey: ctx.keys.monthly,
        metadata: { deviceId: 'watch-1' },
      });
      expect(subscription).toMatchObject({
        customerId: customer.id,
        status: 'active',
        paused: false,
        metadata: { deviceId: 'watch-1' },
      });
      expect(subscription.price).toMatchObject({ lookupKey: ctx.keys.monthly, unitAmount: 9900 });
      expect(subscription.currentPeriodEnd).toEqual(addMonths(subscription.currentPeriodStart, 1));
      expect((await ctx.provider().getSubscription(subscription.id)).id).toBe(subscription.id);
      expect((await ctx.provider().listSubscriptions(customer.id)).map((s) => s.id)).toEqual([
        subscription.id,
      ]);

      const invoices = await ctx.provider().listInvoices(customer.id);
      expect(invoices).toHaveLength(1);
      expect(invoices[0]).toMatchObject({
        status: 'paid',
        subscriptionId: subscription.id,
        total: 9900,
        tax: 1980,
        subtotal: 7920,
        currency: 'dkk',
      });
      expect(invoices[0]!.periodStart).toEqual(subscription.currentPeriodStart);
      const pdf = await ctx.provider().getInvoicePdf(customer.id, invoices[0]!.id);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await rejection(ctx.provider().getInvoicePdf(bare.id, invoices[0]!.id))).toMatchObject({
        code: 'resource_missing',
      });
    });

    it('creates no subscription when the first charge is declined (a card that saves but never pays)', async () => {
      const { customer } = await ctx.payingCustomer(CHARGES_FAIL);
      expect(
        await rejection(ctx.provider().subscribe({ customerId: customer.id, lookupKey: ctx.keys.monthly })),
      ).toMatchObject({
        code: 'card_declined',
      });
      expect(await ctx.provider().listSubscriptions(customer.id)).toEqual([]);
    });

    it('switches monthly to annual without moving the cycle, pauses by voiding, resumes, cancels', async () => {
      const { customer } = await ctx.payingCustomer();
      const subscription = await ctx
        .provider()
        .subscribe({ customerId: customer.id, lookupKey: ctx.keys.monthly });
      const annualPlan = await ctx.provider().changePlan(subscription.id, ctx.keys.annual);
      expect(annualPlan.price).toMatchObject({ lookupKey: ctx.keys.annual, commitmentMonths: 12 });
      expect(annualPlan.billingCycleAnchor).toEqual(subscription.billingCycleAnchor);
      expect(annualPlan.currentPeriodEnd).toEqual(subscription.currentPeriodEnd);
      expect(await ctx.provider().listInvoices(customer.id)).toHaveLength(1);

      expect((await ctx.provider().pauseSubscription(subscription.id)).paused).toBe(true);
      expect((await ctx.provider().getSubscription(subscription.id)).paused).toBe(true);
      expect((await ctx.provider().resumeSubscription(subscription.id)).paused).toBe(false);

      expect((await ctx.provider().cancelSubscription(subscription.id)).status).toBe('canceled');
      expect(await rejection(ctx.provider().changePlan(subscription.id, ctx.keys.monthly))).toMatchObject({
        code: 'subscription_inactive',
      });
      expect(await rejection(ctx.provider().getSubscription('sub_doesnotexist0000000000'))).toMatchObject({
        code: 'resource_missing',
      });
    });

    it('charges a period once: the paid first period is already paid, a period not begun is refused', async () => {
      const { customer } = await ctx.payingCustomer();
      const subscription = await ctx
        .provider()
        .subscribe({ customerId: customer.id, lookupKey: ctx.keys.monthly });
      const first = await ctx.provider().chargeSubscription({
        subscriptionId: subscription.id,
        periodStart: subscription.currentPeriodStart,
        idempotencyKey: `first-${subscription.id}`,
      });
      expect(first.outcome).toBe('already_paid');
      expect(first.invoice).toMatchObject({ status: 'paid', attemptCount: 1 });
      for (const periodStart of [
        subscription.currentPeriodEnd,
        new Date(subscription.currentPeriodStart.getTime() + 86_400_000),
      ]) {
        const refused = ctx.provider().chargeSubscription({
          subscriptionId: subscription.id,
          periodStart,
          idempotencyKey: `x-${periodStart.getTime()}`,
        });
        expect(await rejection(refused)).toMatchObject({ code: 'invalid_period' });
      }
      expect(await ctx.provider().listInvoices(customer.id)).toHaveLength(1);
    });

    it('cancels the subscriptions of a deleted customer', async () => {
      const { customer } = await ctx.payingCustomer();
      const subscription = await ctx
        .provider()
        .subscribe({ customerId: customer.id, lookupKey: ctx.keys.monthly });
      await ctx.provider().deleteCustomer(customer.id);
      expect((await ctx.provider().getSubscription(subscription.id)).status).toBe('canceled');
    });
  });
}
