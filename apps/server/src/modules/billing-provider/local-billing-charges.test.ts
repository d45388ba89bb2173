import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { addMonths } from './billing-clock';
import { CHARGES_FAIL, VISA } from './billing-provider.contract';
import { PLAN_LOOKUP_KEYS } from './billing-provider';
import { localProviderForTest, saveLocalTestCard } from './local-billing-test-support';
import { verifyWebhookSignature } from './webhook-signature';
import type { LocalBillingProvider } from './local-billing-provider';
import type { BillingTestClock } from './billing-clock';

/*
 * The local provider over time, with its test clock: one charge per period whatever the job
 * does (replays, retries, two nodes at once), declines with their codes, pause by voiding, the
 * annual price from the period after the switch, and the webhook events it emits on the way.
 */

let database: TestDatabase;
/** A second connection to the same database when it is PostgreSQL (a second server node). */
let secondNode: DatabaseHandle | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.url) secondNode = await createDatabase({ databaseUrl: database.url, dataDir: '' });
  const { provider } = localProviderForTest(database.db);
  const product = {
    productId: 'homeward_watch',
    productName: 'Homeward watch subscription',
    currency: 'dkk',
  };
  await provider.ensurePrice({
    ...product,
    lookupKey: PLAN_LOOKUP_KEYS.watchMonthly,
    unitAmount: 9900,
    commitmentMonths: 1,
  });
  await provider.ensurePrice({
    ...product,
    lookupKey: PLAN_LOOKUP_KEYS.watchAnnual,
    unitAmount: 7900,
    commitmentMonths: 12,
  });
});
afterAll(async () => {
  await secondNode?.close();
  await database.drop();
});

interface Subscriber {
  provider: LocalBillingProvider;
  clock: BillingTestClock;
  customerId: string;
  subscriptionId: string;
  anchor: Date;
}

/** A customer with a Visa card subscribed monthly at `start` (a month's last day by default). */
async function subscriber(start = new Date('2027-01-31T10:00:00Z')): Promise<Subscriber> {
  const { provider, clock } = localProviderForTest(database.db, start);
  const customer = await provider.createCustomer({ name: 'Dorthe Hansen', email: 'dorthe@example.com' });
  await saveLocalTestCard(provider, clock, customer.id, VISA, { makeDefault: true });
  const subscription = await provider.subscribe({
    customerId: customer.id,
    lookupKey: PLAN_LOOKUP_KEYS.watchMonthly,
  });
  return {
    provider,
    clock,
    customerId: customer.id,
    subscriptionId: subscription.id,
    anchor: subscription.billingCycleAnchor,
  };
}

const charge = (s: Subscriber, period: number, key = `${s.subscriptionId}:${period}`) =>
  s.provider.chargeSubscription({
    subscriptionId: s.subscriptionId,
    periodStart: addMonths(s.anchor, period),
    idempotencyKey: key,
  });

describe('local provider over time', () => {
  it('charges a monthly subscription once per month over 13 months, on the anchor’s day or the month’s last', async () => {
    const s = await subscriber();
    for (let period = 1; period <= 12; period++) {
      s.clock.advanceTo(addMonths(s.anchor, period));
      const result = await charge(s, period);
      expect(result.outcome, `period ${period}`).toBe('paid');
    }
    const invoices = await s.provider.listInvoices(s.customerId);
    expect(invoices).toHaveLength(13);
    expect(invoices.every((invoice) => invoice.status === 'paid' && invoice.total === 9900)).toBe(true);
    const starts = invoices.map((invoice) => invoice.periodStart.toISOString().slice(0, 10)).reverse();
    expect(starts.slice(0, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
    const subscription = await s.provider.getSubscription(s.subscriptionId);
    expect(subscription.currentPeriodStart).toEqual(addMonths(s.anchor, 12));
    expect(subscription.currentPeriodEnd).toEqual(addMonths(s.anchor, 13));
  });

  it('answers a replayed key without a second attempt, refuses the key for another request, never pays twice', async () => {
    const s = await subscriber();
    s.clock.advance({ months: 1 });
    const first = await charge(s, 1, 'job-run-1');
    const replay = await charge(s, 1, 'job-run-1');
    expect(replay).toMatchObject({ outcome: 'paid', invoice: { id: first.invoice!.id, attemptCount: 1 } });
    expect(await charge(s, 1, 'job-run-2')).toMatchObject({
      outcome: 'already_paid',
      invoice: { attemptCount: 1 },
    });
    await expect(charge(s, 0, 'job-run-1')).rejects.toMatchObject({ code: 'idempotency_error' });
    expect(await s.provider.listInvoices(s.customerId)).toHaveLength(2);
  });

  it('charges nothing twice when two nodes charge the same period at once', async () => {
    const s = await subscriber();
    s.clock.advance({ months: 1 });
    // The other node: its own provider (and, on PostgreSQL, its own connection pool) and clock.
    const other = localProviderForTest(secondNode?.db ?? database.db, s.clock.now());
    const results = await Promise.all([
      charge(s, 1, 'node-a'),
      other.provider.chargeSubscription({
        subscriptionId: s.subscriptionId,
        periodStart: addMonths(s.anchor, 1),
        idempotencyKey: 'node-b',
      }),
    ]);
    expect(results.map((result) => result.outcome).sort()).toEqual(['already_paid', 'paid']);
    const invoices = await s.provider.listInvoices(s.customerId);
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toMatchObject({ status: 'paid', attemptCount: 1 });
  });

  it('reports a declined charge with its code, keeps the invoice open for retries, and pays once the card works', async () => {
    const s = await subscriber();
    const failing = await saveLocalTestCard(s.provider, s.clock, s.customerId, CHARGES_FAIL, {
      makeDefault: true,
    });
    s.clock.advance({ months: 1 });
    const declined = await charge(s, 1, 'try-1');
    expect(declined).toMatchObject({
      outcome: 'failed',
      failure: { code: 'card_declined', declineCode: 'generic_decline' },
      invoice: { status: 'open', attemptCount: 1 },
    });
    s.clock.advance({ days: 1 });
    expect(await charge(s, 1, 'try-2')).toMatchObject({ outcome: 'failed', invoice: { attemptCount: 2 } });
    await s.provider.removeCard(s.customerId, failing);
    expect(await charge(s, 1, 'try-3')).toMatchObject({ outcome: 'failed', failure: { code: 'missing' } });
    await saveLocalTestCard(s.provider, s.clock, s.customerId, VISA, { makeDefault: true });
    expect(await charge(s, 1, 'try-4')).toMatchObject({
      outcome: 'paid',
      invoice: { status: 'paid', attemptCount: 4 },
    });
  });

  it('declines a card that expired since it was saved with expired_card', async () => {
    const s = await subscriber(new Date('2027-11-15T08:00:00Z'));
    await saveLocalTestCard(s.provider, s.clock, s.customerId, VISA, {
      makeDefault: true,
      fields: { expMonth: '12', expYear: '2027' },
    });
    s.clock.advance({ months: 1 });
    expect(await charge(s, 1)).toMatchObject({ outcome: 'paid' });
    s.clock.advance({ months: 1 });
    expect(await charge(s, 2)).toMatchObject({ outcome: 'failed', failure: { code: 'expired_card' } });
  });

  it('voids the periods while paused (an open one from before too) and charges again after resuming', async () => {
    const s = await subscriber();
    const failing = await saveLocalTestCard(s.provider, s.clock, s.customerId, CHARGES_FAIL, {
      makeDefault: true,
    });
    s.clock.advance({ months: 1 });
    expect((await charge(s, 1)).outcome).toBe('failed');
    await s.provider.pauseSubscription(s.subscriptionId);
    expect(await charge(s, 1, 'after-pause')).toMatchObject({
      outcome: 'voided',
      invoice: { status: 'void', attemptCount: 1 },
    });
    s.clock.advanceTo(addMonths(s.anchor, 2));
    expect(await charge(s, 2)).toMatchObject({
      outcome: 'voided',
      invoice: { status: 'void', attemptCount: 0 },
    });
    await s.provider.removeCard(s.customerId, failing);
    await saveLocalTestCard(s.provider, s.clock, s.customerId, VISA, { makeDefault: true });
    await s.provider.resumeSubscription(s.subscriptionId);
    s.clock.advanceTo(addMonths(s.anchor, 3));
    expect(await charge(s, 3)).toMatchObject({ outcome: 'paid' });
    const statuses = (await s.provider.listInvoices(s.customerId)).map((invoice) => invoice.status);
    expect(statuses).toEqual(['paid', 'void', 'void', 'paid']);
  });

  it('bills the annual price monthly from the period after the switch, on the same days', async () => {
    const s = await subscriber();
    s.clock.advance({ days: 10 });
    const switched = await s.provider.changePlan(s.subscriptionId, PLAN_LOOKUP_KEYS.watchAnnual);
    expect(switched.billingCycleAnchor).toEqual(s.anchor);
    s.clock.advance({ months: 1 });
    expect(await charge(s, 1)).toMatchObject({ outcome: 'paid', invoice: { total: 7900, tax: 1580 } });
    const [latest] = await s.provider.listInvoices(s.customerId);
    expect(latest!.lines[0]!.description).toContain('annual plan');
  });

  it('emits signed webhook events of what happened, each delivered once', async () => {
    const s = await subscriber();
    s.clock.advance({ months: 1 });
    await charge(s, 1);
    const secret = await s.provider.webhookSecret();
    const received: { type: string; customer?: string }[] = [];
    let delivered = 0;
    do {
      delivered = await s.provider.deliverWebhookEvents(async (body, header) => {
        verifyWebhookSignature(body.toString('utf8'), header, secret, Math.floor(Date.now() / 1000));
        const event = JSON.parse(body.toString('utf8')) as {
          type: string;
          data: { object: { customer?: string; id: string } };
        };
        received.push({ type: event.type, customer: event.data.object.customer ?? event.data.object.id });
      });
    } while (delivered > 0);
    const mine = received.filter((event) => event.customer === s.customerId).map((event) => event.type);
    expect(mine).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.updated',
      'invoice.created',
      'invoice.paid',
      'customer.subscription.created',
      'invoice.created',
      'invoice.paid',
    ]);
    expect(await s.provider.deliverWebhookEvents(async () => undefined)).toBe(0);
  });

  it('keeps an event whose delivery failed for the next run', async () => {
    const { provider } = localProviderForTest(database.db);
    await provider.deliverWebhookEvents(async () => undefined, 1000);
    const customer = await provider.createCustomer({ name: 'Retry' });
    await expect(
      provider.deliverWebhookEvents(async () => Promise.reject(new Error('receiver down'))),
    ).rejects.toThrow('receiver down');
    const bodies: string[] = [];
    expect(await provider.deliverWebhookEvents(async (body) => void bodies.push(body.toString('utf8')))).toBe(
      1,
    );
    expect(bodies[0]).toContain(customer.id);
  });
});
