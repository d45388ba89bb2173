import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { localProviderForTest } from '../billing-provider/local-billing-test-support';
import { deliverLocalWebhooks } from '../billing-provider/local-webhook-delivery';
import { registeredHousehold } from '../registration/registration-test-helpers';
import { billingAccounts } from './billing.schema';
import { addTestCard, requestAs } from './billing-test-support';
import { billingEventHandlers } from './billing-webhook-handlers';

/*
 * The processor's events applied to our copy of a household's default card, through the same
 * verified, once-per-id path as the webhook route (the local provider's in-process delivery): a
 * default changed at the processor (not through our routes) is followed, a detached card is nobody's
 * default, and delivering again changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function accountOf(householdId: string) {
  const [row] = await t.database.db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.tenantId, householdId));
  return row!;
}

describe('billing webhook handlers', () => {
  it("follow the processor's default card and forget a detached one, once per event", async () => {
    const owner = await registeredHousehold(t);
    const request = requestAs(t, bearer(await signIn(t, owner)));
    const first = await addTestCard(request, '4242424242424242', { makeDefault: true });
    const second = await addTestCard(request, '5555555555554444', { makeDefault: false });
    expect((await accountOf(owner.householdId)).defaultCardId).toBe(first);

    // A minute later the default changes at the processor itself, as Stripe's dashboard would.
    const later = new Date(Date.now() + 60_000);
    const { provider } = localProviderForTest(t.database.db, later);
    const delivery = { db: t.database.db, provider, handlers: billingEventHandlers('local') };
    const { customerId } = await accountOf(owner.householdId);
    await deliverLocalWebhooks(delivery);
    await provider.setDefaultCard(customerId!, second);
    expect(await deliverLocalWebhooks(delivery)).toBeGreaterThan(0);
    expect((await accountOf(owner.householdId)).defaultCardId).toBe(second);
    expect(await deliverLocalWebhooks(delivery)).toBe(0);

    await provider.removeCard(customerId!, second);
    await deliverLocalWebhooks(delivery);
    expect((await accountOf(owner.householdId)).defaultCardId).toBeNull();
    // The route's list agrees: the remaining card is no longer the default either.
    const cards = await request({ method: 'GET', url: '/api/billing/cards' });
    expect(cards.json<{ cards: { id: string; isDefault: boolean }[] }>().cards).toEqual([
      expect.objectContaining({ id: first, isDefault: false }),
    ]);
  });

  it('leave the default alone while a transfer releases the old owner’s cards', async () => {
    const owner = await registeredHousehold(t);
    const request = requestAs(t, bearer(await signIn(t, owner)));
    const card = await addTestCard(request, '4242424242424242');
    await t.database.db
      .update(billingAccounts)
      .set({ cardsReleasePending: true, defaultCardId: null })
      .where(eq(billingAccounts.tenantId, owner.householdId));
    const { provider } = localProviderForTest(t.database.db, new Date(Date.now() + 60_000));
    const { customerId } = await accountOf(owner.householdId);
    await provider.setDefaultCard(customerId!, card);
    await deliverLocalWebhooks({ db: t.database.db, provider, handlers: billingEventHandlers('local') });
    expect((await accountOf(owner.householdId)).defaultCardId).toBeNull();
  });
});
