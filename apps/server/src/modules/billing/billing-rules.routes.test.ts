import { parseBillingFailureDetails } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { householdWithMember } from '../../test/tenant-isolation/households';
import { localProviderForTest } from '../billing-provider/local-billing-test-support';
import { emailsTo, registeredHousehold } from '../registration/registration-test-helpers';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';
import { runBillingJob } from './billing-job';
import { billingAccounts, billingCustomerErasures, billingSubscriptions } from './billing.schema';
import { addTestCard, connectedWatch, requestAs, subscribeWatch } from './billing-test-support';

/*
 * The rules other features apply with billing (spec §4, §5), through their real routes: inviting
 * a member needs a default card, deleting an account is refused while a subscription is active,
 * and a transfer keeps the household's subscriptions while the old owner's cards leave it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function owner() {
  const registered = await registeredHousehold(t);
  const tokens = await signIn(t, registered);
  return { ...registered, tokens, request: requestAs(t, bearer(tokens)) };
}

describe('inviting a household member', () => {
  it('is refused without a default card, with the code the web message table reads', async () => {
    const h = await owner();
    const invite = () =>
      h.request({
        method: 'POST',
        url: '/api/account/invite-user',
        payload: { email: `${h.userName}.x@example.dk` },
      });
    const refused = await invite();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'conflict', message: 'billing:errors.noDefaultCard' },
    });
    expect(parseBillingFailureDetails(refused.json<{ error: { details: string } }>().error.details)).toEqual({
      code: 'default_card_required',
    });
    expect(await emailsTo(t.database.db, `${h.userName}.x@example.dk`)).toEqual([]);

    // A card that is not the default is not enough.
    const card = await addTestCard(h.request, '4242424242424242', { makeDefault: false });
    expect((await h.request({ method: 'GET', url: '/api/billing/cards' })).json()).toEqual({
      cards: [expect.objectContaining({ id: card, isDefault: false })],
    });
    expect((await invite()).statusCode).toBe(409);

    expect((await h.request({ method: 'PUT', url: `/api/billing/cards/${card}/default` })).statusCode).toBe(
      200,
    );
    const invited = await invite();
    expect(invited.statusCode, invited.body).toBe(201);
  });
});

describe('deleting an account', () => {
  it('is refused while a subscription is active ("pause or transfer first"), then erases the customer', async () => {
    const h = await owner();
    await addTestCard(h.request);
    const subscription = await subscribeWatch(h.request, await connectedWatch(t, h.householdId));
    const remove = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/delete-user',
        headers: bearer(h.tokens),
        payload: { password: h.password },
      });
    const refused = await remove();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { message: 'profile:deletion.errors.activeSubscription' },
    });
    const [account] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, h.householdId));

    await h.request({ method: 'POST', url: `/api/billing/subscriptions/${subscription}/pause` });
    const deleted = await remove();
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.database.db.select().from(tenants).where(eq(tenants.id, h.householdId))).toEqual([]);
    expect(await t.database.db.select().from(billingCustomerErasures)).toContainEqual(
      expect.objectContaining({ customerId: account!.customerId }),
    );

    // The job deletes the processor customer after the commit (its cards, details, subscriptions).
    const { provider } = localProviderForTest(t.database.db);
    const result = await runBillingJob({ db: t.database.db, provider, now: () => new Date() });
    expect(result.erased).toBeGreaterThanOrEqual(1);
    await expect(provider.getCustomer(account!.customerId!)).rejects.toMatchObject({
      code: 'customer_not_found',
    });
    expect(await t.database.db.select().from(billingCustomerErasures)).not.toContainEqual(
      expect.objectContaining({ customerId: account!.customerId }),
    );
  });
});

describe('transferring an account', () => {
  it('moves the subscriptions with the household and removes the old owner’s cards', async () => {
    const household = await householdWithMember(t);
    const ownerTokens = await signIn(t, household.owner);
    const oldOwner = requestAs(t, bearer(ownerTokens));
    await addTestCard(oldOwner);
    const subscription = await subscribeWatch(oldOwner, await connectedWatch(t, household.id));

    expect(
      (await oldOwner({ method: 'POST', url: `/api/account/transfer-user/${household.member.id}` }))
        .statusCode,
    ).toBe(204);
    const [memberRow] = await t.database.db.select().from(users).where(eq(users.id, household.member.id));
    const [email] = await emailsTo(t.database.db, memberRow!.email);
    const line = email!.body.split('\n').find((text) => text.includes('/account/transfer/'))!;
    const url = new URL(line.trim());
    const [, , , fromUserId, toUserId] = url.pathname.split('/');
    const newOwner = requestAs(t, bearer(await signIn(t, household.member)));
    const accepted = await newOwner({
      method: 'POST',
      url: `/api/account/transfer-user/${fromUserId}/${toUserId}`,
      payload: { token: url.searchParams.get('token')! },
    });
    expect(accepted.statusCode, accepted.body).toBe(204);

    // The default is gone at once (the invitation rule sees no card) ...
    const [account] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, household.id));
    expect(account).toMatchObject({ defaultCardId: null, cardsReleasePending: true });
    // ... the subscription is the household's, now under the new owner ...
    const listed = await newOwner({ method: 'GET', url: '/api/billing/subscriptions' });
    expect(listed.json()).toMatchObject({ subscriptions: [{ id: subscription, status: 'active' }] });
    const [row] = await t.database.db
      .select()
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, subscription));
    expect(row?.tenantId).toBe(household.id);
    // ... and the old owner's card has left the customer: the new owner adds their own.
    expect((await newOwner({ method: 'GET', url: '/api/billing/cards' })).json()).toEqual({ cards: [] });
    expect(await localProviderForTest(t.database.db).provider.listCards(account!.customerId!)).toEqual([]);
    const invite = await newOwner({
      method: 'POST',
      url: '/api/account/invite-user',
      payload: { email: `after-transfer-${household.id.slice(0, 8)}@example.dk` },
    });
    expect(invite.statusCode).toBe(409);
    await addTestCard(newOwner);
    const [after] = await t.database.db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.tenantId, household.id));
    expect(after).toMatchObject({ cardsReleasePending: false });
    expect(after?.defaultCardId).toBeTruthy();
    // The old owner, now a member, sees no billing at all.
    const oldOwnerAgain = requestAs(t, bearer(await signIn(t, household.owner)));
    expect((await oldOwnerAgain({ method: 'GET', url: '/api/billing/cards' })).statusCode).toBe(403);
  });
});
