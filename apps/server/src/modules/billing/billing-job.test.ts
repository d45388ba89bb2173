import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { outbox } from '../../platform/outbox/outbox.schema';
import { addMonths } from '../billing-provider/billing-clock';
import type { BillingProvider } from '../billing-provider/billing-provider';
import { LocalBillingProvider } from '../billing-provider/local-billing-provider';
import { localProviderForTest, TEST_SELLER } from '../billing-provider/local-billing-test-support';
import { devices } from '../devices/devices.schema';
import { messageRecipients, scheduledMessages } from '../messages/messages.schema';
import { registeredHousehold } from '../registration/registration-test-helpers';
import { CHARGE_RETRY_DAYS, runBillingJob, type BillingRunResult } from './billing-job';
import { billingAccounts, billingCharges, billingSubscriptions } from './billing.schema';
import {
  addTestCard,
  connectedWatch,
  requestAs,
  subscribeWatch,
  type BillingRequest,
} from './billing-test-support';

/*
 * The billing job over 13 months on a test clock (the Must-show clock test of issue 18), through
 * the real server for everything the owners do and the job as a worker runs it: a monthly and an
 * annual subscription are charged every month, a paused one is not charged while paused, a card
 * that declines is retried after 1, 3 and 5 days with a notice each time and the subscription then
 * pauses, and every month two runners charge at the same moment without charging anything twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Owner {
  householdId: string;
  userId: string;
  email: string;
  request: BillingRequest;
}

async function owner(): Promise<Owner> {
  const registered = await registeredHousehold(t);
  return {
    householdId: registered.householdId,
    userId: registered.userId,
    email: registered.email,
    request: requestAs(t, bearer(await signIn(t, registered))),
  };
}

const DAY_MS = 86_400_000;

async function chargesOf(subscriptionId: string) {
  return t.database.db
    .select()
    .from(billingCharges)
    .where(eq(billingCharges.subscriptionId, subscriptionId))
    .orderBy(asc(billingCharges.periodStart));
}

async function subscriptionRow(id: string) {
  const [row] = await t.database.db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.id, id));
  return row!;
}

async function paidInvoices(householdId: string, subscriptionProviderId: string, provider: BillingProvider) {
  const [account] = await t.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, householdId));
  const invoices = await provider.listInvoices(account!.customerId!);
  return invoices.filter(
    (invoice) => invoice.subscriptionId === subscriptionProviderId && invoice.status === 'paid',
  );
}

describe('the billing job over 13 months', () => {
  it('charges monthly and annual every month, skips a paused one, retries a declined card, never twice', async () => {
    const monthlyOwner = await owner();
    const annualOwner = await owner();
    const pausingOwner = await owner();
    const decliningOwner = await owner();
    const subscribed: Record<string, string> = {};
    for (const [name, who, plan] of [
      ['monthly', monthlyOwner, 'monthly'],
      ['annual', annualOwner, 'annual'],
      ['paused', pausingOwner, 'monthly'],
      ['declined', decliningOwner, 'monthly'],
    ] as const) {
      await addTestCard(who.request);
      subscribed[name] = await subscribeWatch(
        who.request,
        await connectedWatch(t, who.householdId, `${name} watch`),
        plan,
      );
    }
    // The declining household's good card paid the first month; from now on its default declines.
    const declining = await addTestCard(decliningOwner.request, '4000000000000341', { makeDefault: true });
    expect(declining).toBeTruthy();
    expect(
      (
        await pausingOwner.request({
          method: 'POST',
          url: `/api/billing/subscriptions/${subscribed.paused}/pause`,
        })
      ).statusCode,
    ).toBe(200);

    // Every subscription was anchored (by the app's provider, on the wall clock) before this start.
    const { provider: jobProvider, clock } = localProviderForTest(t.database.db, new Date());
    const start = clock.now();
    // A second node's provider: its own instance over the same database, on the same clock.
    const second = new LocalBillingProvider({ db: t.database.db, clock, seller: TEST_SELLER });
    const runBoth = async () => {
      return Promise.all(
        [jobProvider, second].map((provider) =>
          runBillingJob({ db: t.database.db, provider, now: () => clock.now() }),
        ),
      );
    };
    const sum = (results: BillingRunResult[], key: keyof BillingRunResult) =>
      results.reduce((total, result) => total + result[key], 0);

    const declinedCharge = async () => (await chargesOf(subscribed.declined!))[1]!;
    const noticesTo = async (who: Owner) => ({
      emails: await t.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, who.email), eq(outbox.tenantId, who.householdId))),
      inApp: await t.database.db
        .select({ subject: scheduledMessages.subject })
        .from(messageRecipients)
        .innerJoin(scheduledMessages, eq(scheduledMessages.id, messageRecipients.messageId))
        .where(eq(messageRecipients.userId, who.userId)),
    });
    const billingNotices = async (who: Owner) => {
      const notices = await noticesTo(who);
      return {
        emails: notices.emails.filter((email) =>
          /payment failed|subscription is paused/.test(email.subject ?? ''),
        ),
        inApp: notices.inApp,
      };
    };

    for (let month = 1; month <= 12; month += 1) {
      clock.advanceTo(addMonths(start, month));
      if (month === 7) {
        const resumed = await pausingOwner.request({
          method: 'POST',
          url: `/api/billing/subscriptions/${subscribed.paused}/resume`,
        });
        expect(resumed.statusCode, resumed.body).toBe(200);
      }
      const results = await runBoth();
      // Each period began once for each live subscription, whichever runner opened it.
      expect(sum(results, 'opened'), `month ${month}`).toBe(4);

      if (month === 1) {
        // The declined card: a notice now, then retries 1, 3 and 5 days after the first failure.
        expect(sum(results, 'failed')).toBe(1);
        expect((await declinedCharge()).status).toBe('retrying');
        expect((await billingNotices(decliningOwner)).emails).toHaveLength(1);
        const firstFailure = clock.now().getTime();
        for (const day of [1, 2, 3, 4, 5]) {
          clock.advanceTo(new Date(firstFailure + day * DAY_MS));
          const retry = await runBoth();
          const retried = (CHARGE_RETRY_DAYS as readonly number[]).includes(day);
          expect(sum(retry, 'failed'), `day ${day}`).toBe(retried ? 1 : 0);
        }
        const charge = await declinedCharge();
        expect(charge).toMatchObject({ status: 'uncollected', attempts: 4, failureCode: 'card_declined' });
        const notices = await billingNotices(decliningOwner);
        expect(notices.emails.map((email) => email.subject)).toEqual([
          'Your Homeward payment failed',
          'Your Homeward payment failed',
          'Your Homeward payment failed',
          'Your Homeward subscription is paused',
        ]);
        expect(notices.emails[0]!.body).toContain('declined watch');
        expect(notices.inApp.map((message) => message.subject)).toEqual(
          notices.emails.map((email) => email.subject),
        );
        // The owner reads them in the app's inbox.
        const inbox = await decliningOwner.request({ method: 'GET', url: '/api/messages/for-me' });
        expect(inbox.statusCode, inbox.body).toBe(200);
        expect(inbox.body).toContain('Your Homeward subscription is paused');
        expect(await subscriptionRow(subscribed.declined!)).toMatchObject({
          status: 'paused',
          pauseReason: 'payment_failed',
        });
        const listed = await decliningOwner.request({ method: 'GET', url: '/api/billing/subscriptions' });
        expect(listed.json()).toMatchObject({
          subscriptions: [{ status: 'paused', pauseReason: 'payment_failed' }],
        });
      }
    }

    const monthly = await subscriptionRow(subscribed.monthly!);
    const annual = await subscriptionRow(subscribed.annual!);
    const paused = await subscriptionRow(subscribed.paused!);
    const declined = await subscriptionRow(subscribed.declined!);

    // Monthly: charged 13 times (the first month at subscribing, then once a month), each once.
    const monthlyPaid = await paidInvoices(
      monthlyOwner.householdId,
      monthly.providerSubscriptionId!,
      jobProvider,
    );
    expect(monthlyPaid).toHaveLength(13);
    expect(new Set(monthlyPaid.map((invoice) => invoice.periodStart.getTime())).size).toBe(13);
    expect(monthlyPaid.every((invoice) => invoice.total === 14_900 && invoice.attemptCount === 1)).toBe(true);
    const monthlyCharges = await chargesOf(monthly.id);
    expect(monthlyCharges.map((charge) => [charge.status, charge.attempts])).toEqual(
      Array.from({ length: 13 }, () => ['paid', 1]),
    );
    expect(monthly.currentPeriodEnd).toEqual(addMonths(monthly.billingCycleAnchor!, 13));

    // Annual: billed monthly too, at the annual plan's monthly price, for its 12-month commitment and on.
    const annualPaid = await paidInvoices(
      annualOwner.householdId,
      annual.providerSubscriptionId!,
      jobProvider,
    );
    expect(annualPaid).toHaveLength(13);
    expect(annualPaid.every((invoice) => invoice.total === 12_900)).toBe(true);
    expect(annual.commitmentEndsAt).toEqual(addMonths(annual.billingCycleAnchor!, 12));

    // Paused from the start until month 7: months 1 to 6 voided, never charged; 7 to 12 charged.
    const pausedCharges = await chargesOf(paused.id);
    expect(pausedCharges.map((charge) => charge.status)).toEqual([
      'paid',
      ...Array.from({ length: 6 }, () => 'voided'),
      ...Array.from({ length: 6 }, () => 'paid'),
    ]);
    expect(
      await paidInvoices(pausingOwner.householdId, paused.providerSubscriptionId!, jobProvider),
    ).toHaveLength(7);

    // Declined: the first month paid with the good card, month 1 uncollected, then paused (voided).
    expect((await chargesOf(declined.id)).map((charge) => charge.status)).toEqual([
      'paid',
      'uncollected',
      ...Array.from({ length: 11 }, () => 'voided'),
    ]);
    expect((await billingNotices(decliningOwner)).emails).toHaveLength(4);
    expect((await billingNotices(monthlyOwner)).emails).toHaveLength(0);

    // Running again at the same moment opens and charges nothing.
    const again = await runBoth();
    expect(again.map((result) => result.opened + result.paid + result.failed + result.voided)).toEqual([
      0, 0,
    ]);
  });

  it('cancels the subscription of a watch that left the household instead of charging it', async () => {
    const who = await owner();
    await addTestCard(who.request);
    const watch = await connectedWatch(t, who.householdId);
    const id = await subscribeWatch(who.request, watch);
    const { provider, clock } = localProviderForTest(t.database.db, new Date());
    const start = clock.now();
    // Disconnected: the watch's row went back to its seller.
    const [device] = await t.database.db.select().from(devices).where(eq(devices.id, watch));
    await t.database.db
      .update(devices)
      .set({ tenantId: device!.sellerTenantId })
      .where(eq(devices.id, watch));

    clock.advanceTo(addMonths(start, 1));
    const result = await runBillingJob({ db: t.database.db, provider, now: () => clock.now() });
    expect(result).toMatchObject({ canceled: 1, opened: 0, paid: 0 });
    const row = await subscriptionRow(id);
    expect(row).toMatchObject({ status: 'canceled', cancelReason: 'watch_disconnected' });
    expect(await provider.getSubscription(row.providerSubscriptionId!)).toMatchObject({ status: 'canceled' });
    expect(await chargesOf(id)).toHaveLength(1);
    const listed = await who.request({ method: 'GET', url: '/api/billing/subscriptions' });
    expect(listed.json()).toMatchObject({
      subscriptions: [{ id, status: 'canceled', renewsAt: null, deviceName: null }],
    });
  });
});
