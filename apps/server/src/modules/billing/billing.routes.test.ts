import { parseBillingFailureDetails } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { localProviderForTest } from '../billing-provider/local-billing-test-support';
import { registeredHousehold } from '../registration/registration-test-helpers';
import { billingAccounts, billingCharges, billingSubscriptions } from './billing.schema';
import {
  addTestCard,
  connectedWatch,
  requestAs,
  subscribeWatch,
  type BillingRequest,
} from './billing-test-support';

/*
 * A household's billing through the real server and database with the local provider: billing
 * details (validation, pushed to the processor's customer), cards, subscriptions, invoices and
 * their PDFs, and that one household reaches none of another's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface Household {
  id: string;
  request: BillingRequest;
}

async function household(): Promise<Household> {
  const owner = await registeredHousehold(t);
  return { id: owner.householdId, request: requestAs(t, bearer(await signIn(t, owner))) };
}

const details = {
  name: 'Dorthe Jensen',
  address: 'c/o Hansen',
  companyName: 'Jensen ApS',
  vatNumber: 'dk12345678',
  street: 'Nørregade 1, 2. th',
  city: 'Aarhus C',
  county: 'Midtjylland',
  country: 'dk',
  zip: '8000',
  additionalInfo: 'Ring på',
};

const failureOf = (response: { json<T>(): T }) =>
  parseBillingFailureDetails(response.json<{ error: { details?: string } }>().error.details);

async function customerIdOf(householdId: string) {
  const [row] = await t.database.db
    .select({ customerId: billingAccounts.customerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, householdId));
  return row?.customerId ?? null;
}

describe('billing details', () => {
  it('are empty at first, refuse bad fields with translatable keys, and are pushed to the customer', async () => {
    const h = await household();
    const empty = await h.request({ method: 'GET', url: '/api/billing/details' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ hasCustomer: false, details: { name: null, zip: null } });

    const bad = await h.request({
      method: 'PUT',
      url: '/api/billing/details',
      payload: {
        ...details,
        name: '',
        vatNumber: 'not a vat!',
        country: 'Denmark',
        zip: '#',
        street: undefined,
      },
    });
    expect(bad.statusCode).toBe(400);
    const fields = Object.fromEntries(
      bad
        .json<{ error: { validationErrors: { field: string; message: string }[] } }>()
        .error.validationErrors.map((error) => [error.field, error.message]),
    );
    expect(fields).toEqual({
      name: 'validation.required',
      vatNumber: 'billingAccount:errors.vatNumber',
      country: 'billingAccount:errors.country',
      zip: 'billingAccount:errors.zip',
      street: 'validation.required',
    });
    expect(await customerIdOf(h.id)).toBeNull();

    const saved = await h.request({ method: 'PUT', url: '/api/billing/details', payload: details });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      hasCustomer: true,
      details: { ...details, vatNumber: 'DK12345678', country: 'DK' },
    });
    const read = await h.request({ method: 'GET', url: '/api/billing/details' });
    expect(read.json()).toEqual(saved.json());

    const customer = await localProviderForTest(t.database.db).provider.getCustomer(
      (await customerIdOf(h.id))!,
    );
    expect(customer).toMatchObject({
      name: 'Dorthe Jensen',
      companyName: 'Jensen ApS',
      vatNumber: 'DK12345678',
      additionalInfo: 'Ring på',
      address: {
        line1: 'Nørregade 1, 2. th',
        line2: 'c/o Hansen',
        city: 'Aarhus C',
        state: 'Midtjylland',
        postalCode: '8000',
        country: 'DK',
      },
      metadata: { tenantId: h.id },
    });

    // Optional fields may be cleared.
    const cleared = await h.request({
      method: 'PUT',
      url: '/api/billing/details',
      payload: { ...details, companyName: '', vatNumber: null, address: undefined },
    });
    expect(cleared.json()).toMatchObject({ details: { companyName: null, vatNumber: null, address: null } });
  });
});

describe('cards', () => {
  it('are set up, added (the first as default), listed, made default and removed', async () => {
    const h = await household();
    expect((await h.request({ method: 'GET', url: '/api/billing/cards' })).json()).toEqual({ cards: [] });

    const setup = await h.request({ method: 'POST', url: '/api/billing/cards/setup' });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toMatchObject({ provider: 'local', stripeConfigured: false, publishableKey: null });
    expect(setup.json<{ clientSecret: string }>().clientSecret).toMatch(/_secret_/);

    const unknown = await h.request({
      method: 'POST',
      url: '/api/billing/cards',
      payload: { paymentMethodId: 'pm_does_not_exist' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(failureOf(unknown)).toEqual({ code: 'resource_missing' });
    const empty = await h.request({
      method: 'POST',
      url: '/api/billing/cards',
      payload: { paymentMethodId: '' },
    });
    expect(empty.statusCode).toBe(400);

    const visa = await addTestCard(h.request, '4242424242424242', {});
    const mastercard = await addTestCard(h.request, '5555555555554444', {});
    const listed = await h.request({ method: 'GET', url: '/api/billing/cards' });
    expect(listed.json<{ cards: unknown[] }>().cards).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: visa, brand: 'visa', last4: '4242', isDefault: true }),
        expect.objectContaining({ id: mastercard, brand: 'mastercard', last4: '4444', isDefault: false }),
      ]),
    );

    const made = await h.request({ method: 'PUT', url: `/api/billing/cards/${mastercard}/default` });
    expect(made.statusCode).toBe(200);
    expect(
      made.json<{ cards: { id: string; isDefault: boolean }[] }>().cards.find((c) => c.isDefault)?.id,
    ).toBe(mastercard);
    const [account] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, h.id));
    expect(account?.defaultCardId).toBe(mastercard);

    expect((await h.request({ method: 'DELETE', url: `/api/billing/cards/${mastercard}` })).statusCode).toBe(
      204,
    );
    expect((await h.request({ method: 'DELETE', url: `/api/billing/cards/${mastercard}` })).statusCode).toBe(
      404,
    );
    expect((await h.request({ method: 'PUT', url: '/api/billing/cards/pm_nope/default' })).statusCode).toBe(
      404,
    );
    const after = await h.request({ method: 'GET', url: '/api/billing/cards' });
    expect(after.json()).toEqual({ cards: [expect.objectContaining({ id: visa, isDefault: false })] });
    const [cleared] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, h.id));
    expect(cleared?.defaultCardId).toBeNull();
  });
});

describe('subscriptions', () => {
  it('need a default card and a watch of the household', async () => {
    const h = await household();
    const watch = await connectedWatch(t, h.id);
    const noCard = await h.request({
      method: 'POST',
      url: '/api/billing/subscriptions',
      payload: { deviceId: watch, plan: 'monthly' },
    });
    expect(noCard.statusCode).toBe(409);
    expect(failureOf(noCard)).toEqual({ code: 'default_card_required' });

    await addTestCard(h.request);
    const other = await household();
    const foreignWatch = await connectedWatch(t, other.id);
    const notOurs = await h.request({
      method: 'POST',
      url: '/api/billing/subscriptions',
      payload: { deviceId: foreignWatch, plan: 'monthly' },
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json()).toMatchObject({
      error: {
        validationErrors: [{ field: 'deviceId', message: 'billingAccount:errors.watchNotInHousehold' }],
      },
    });
    const badPlan = await h.request({
      method: 'POST',
      url: '/api/billing/subscriptions',
      payload: { deviceId: watch, plan: 'weekly' },
    });
    expect(badPlan.statusCode).toBe(400);
  });

  it('a declined card subscribes nothing and says why', async () => {
    const h = await household();
    const watch = await connectedWatch(t, h.id);
    // Attaches, but every charge is declined.
    await addTestCard(h.request, '4000000000000341');
    const declined = await h.request({
      method: 'POST',
      url: '/api/billing/subscriptions',
      payload: { deviceId: watch, plan: 'monthly' },
    });
    expect(declined.statusCode).toBe(400);
    expect(failureOf(declined)?.code).toBe('card_declined');
    expect((await h.request({ method: 'GET', url: '/api/billing/subscriptions' })).json()).toMatchObject({
      subscriptions: [],
    });
    const rows = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.tenantId, h.id));
    expect(rows).toEqual([]);
  });

  it('subscribe monthly, switch to annual, pause and resume, with the renewal date', async () => {
    const h = await household();
    const watch = await connectedWatch(t, h.id, 'Mors ur');
    await addTestCard(h.request);
    const before = Date.now();
    const id = await subscribeWatch(h.request, watch, 'monthly');

    const again = await h.request({
      method: 'POST',
      url: '/api/billing/subscriptions',
      payload: { deviceId: watch, plan: 'annual' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { validationErrors: [{ message: 'billingAccount:errors.alreadySubscribed' }] },
    });

    const list = await h.request({ method: 'GET', url: '/api/billing/subscriptions' });
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      subscriptions: { id: string; renewsAt: string; currentPeriodStart: string }[];
      plans: unknown[];
    }>();
    expect(body.plans).toEqual([
      { plan: 'monthly', amount: 14_900, currency: 'dkk', commitmentMonths: 1 },
      { plan: 'annual', amount: 12_900, currency: 'dkk', commitmentMonths: 12 },
    ]);
    expect(body.subscriptions).toEqual([
      expect.objectContaining({
        id,
        deviceId: watch,
        deviceName: 'Mors ur',
        plan: 'monthly',
        status: 'active',
      }),
    ]);
    const start = new Date(body.subscriptions[0]!.currentPeriodStart);
    expect(start.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const renews = new Date(body.subscriptions[0]!.renewsAt);
    expect(renews.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    // Subscribing paid the first period: it is recorded, so the job never charges it.
    const charges = await t.database.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.subscriptionId, id));
    expect(charges).toEqual([expect.objectContaining({ status: 'paid', periodStart: start })]);

    const same = await h.request({
      method: 'PUT',
      url: `/api/billing/subscriptions/${id}/plan`,
      payload: { plan: 'monthly' },
    });
    expect(same.statusCode).toBe(400);
    const annual = await h.request({
      method: 'PUT',
      url: `/api/billing/subscriptions/${id}/plan`,
      payload: { plan: 'annual' },
    });
    expect(annual.statusCode, annual.body).toBe(200);
    const commitment = annual.json<{ commitmentEndsAt: string }>().commitmentEndsAt;
    expect(annual.json()).toMatchObject({ plan: 'annual', status: 'active' });
    // Committed for 12 months from the next period (when the annual price starts to bill).
    expect(new Date(commitment).getUTCFullYear() * 12 + new Date(commitment).getUTCMonth()).toBe(
      renews.getUTCFullYear() * 12 + renews.getUTCMonth() + 12,
    );
    const back = await h.request({
      method: 'PUT',
      url: `/api/billing/subscriptions/${id}/plan`,
      payload: { plan: 'monthly' },
    });
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({
      error: {
        validationErrors: [
          {
            field: 'plan',
            message: 'billingAccount:errors.annualCommitment',
            params: { date: commitment.slice(0, 10) },
          },
        ],
      },
    });

    const paused = await h.request({ method: 'POST', url: `/api/billing/subscriptions/${id}/pause` });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ status: 'paused', pauseReason: 'owner' });
    expect(
      (await h.request({ method: 'POST', url: `/api/billing/subscriptions/${id}/pause` })).statusCode,
    ).toBe(409);
    const resumed = await h.request({ method: 'POST', url: `/api/billing/subscriptions/${id}/resume` });
    expect(resumed.json()).toMatchObject({ status: 'active', pauseReason: null });
    expect(
      (await h.request({ method: 'POST', url: `/api/billing/subscriptions/${id}/resume` })).statusCode,
    ).toBe(409);

    const provider = localProviderForTest(t.database.db).provider;
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, id));
    const remote = await provider.getSubscription(row!.providerSubscriptionId!);
    expect(remote).toMatchObject({ paused: false, price: { lookupKey: 'homeward_watch_annual' } });

    const unknown = '01900000-0000-7000-8000-000000000000';
    expect(
      (await h.request({ method: 'POST', url: `/api/billing/subscriptions/${unknown}/pause` })).statusCode,
    ).toBe(404);
    expect(
      (await h.request({ method: 'POST', url: '/api/billing/subscriptions/nope/pause' })).statusCode,
    ).toBe(400);
  });
});

describe('invoices', () => {
  it('lists the household’s invoices and downloads its PDFs, never another’s', async () => {
    const h = await household();
    expect((await h.request({ method: 'GET', url: '/api/billing/invoices' })).json()).toEqual({
      invoices: [],
    });
    expect((await h.request({ method: 'GET', url: '/api/billing/invoices/in_nope/pdf' })).statusCode).toBe(
      404,
    );
    await addTestCard(h.request);
    await subscribeWatch(h.request, await connectedWatch(t, h.id), 'monthly');
    const list = await h.request({ method: 'GET', url: '/api/billing/invoices' });
    const invoices = list.json<{ invoices: { id: string; status: string; total: number; tax: number }[] }>()
      .invoices;
    expect(invoices).toEqual([expect.objectContaining({ status: 'paid', total: 14_900, tax: 2_980 })]);
    const pdf = await h.request({ method: 'GET', url: `/api/billing/invoices/${invoices[0]!.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await household();
    await addTestCard(other.request);
    expect(
      (await other.request({ method: 'GET', url: `/api/billing/invoices/${invoices[0]!.id}/pdf` }))
        .statusCode,
    ).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/billing/invoices' })).json()).toEqual({
      invoices: [],
    });
  });
});

describe('isolation between households', () => {
  it('B reads, changes and removes none of A’s details, cards, subscriptions or invoices', async () => {
    const a = await household();
    const b = await household();
    await a.request({ method: 'PUT', url: '/api/billing/details', payload: details });
    const card = await addTestCard(a.request);
    const subscription = await subscribeWatch(a.request, await connectedWatch(t, a.id));
    await addTestCard(b.request, '5555555555554444');

    expect((await b.request({ method: 'GET', url: '/api/billing/details' })).json()).toMatchObject({
      details: { name: null },
    });
    const bCards = await b.request({ method: 'GET', url: '/api/billing/cards' });
    expect(bCards.body).not.toContain(card);
    expect((await b.request({ method: 'DELETE', url: `/api/billing/cards/${card}` })).statusCode).toBe(404);
    expect((await b.request({ method: 'PUT', url: `/api/billing/cards/${card}/default` })).statusCode).toBe(
      404,
    );
    expect((await b.request({ method: 'GET', url: '/api/billing/subscriptions' })).body).not.toContain(
      subscription,
    );
    for (const action of ['pause', 'resume']) {
      expect(
        (await b.request({ method: 'POST', url: `/api/billing/subscriptions/${subscription}/${action}` }))
          .statusCode,
      ).toBe(404);
    }
    expect(
      (
        await b.request({
          method: 'PUT',
          url: `/api/billing/subscriptions/${subscription}/plan`,
          payload: { plan: 'annual' },
        })
      ).statusCode,
    ).toBe(404);

    // A's card and subscription are as they were.
    const aCards = await a.request({ method: 'GET', url: '/api/billing/cards' });
    expect(aCards.json()).toEqual({ cards: [expect.objectContaining({ id: card, isDefault: true })] });
    expect((await a.request({ method: 'GET', url: '/api/billing/subscriptions' })).json()).toMatchObject({
      subscriptions: [{ id: subscription, status: 'active', plan: 'monthly' }],
    });
  });

  it('an organization’s user with billing permissions is refused: billing is a household’s', async () => {
    const { given } = await import('../../test/given');
    const g = given(t.database.db);
    const tenant = await g.tenant();
    const user = await g.user({
      tenantId: tenant.id,
      permissions: ['Homeward.Billing', 'Homeward.Billing.ManageCards'],
    });
    const request = requestAs(t, bearer(await signIn(t, user)));
    const refused = await request({ method: 'GET', url: '/api/billing/cards' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { message: 'billingAccount:errors.notAHousehold' } });
  });
});
