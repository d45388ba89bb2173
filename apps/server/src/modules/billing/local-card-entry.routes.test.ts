import { parseBillingFailureDetails } from '@homeward/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../platform/audit/audit-log.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer, signIn } from '../../test/sign-in';
import { householdWithMember } from '../../test/tenant-isolation/households';
import { BillingTestClock } from '../billing-provider/billing-clock';
import { cardFields } from '../billing-provider/local-billing-test-support';
import { requestAs, type BillingRequest } from './billing-test-support';
import { LOCAL_CARD_CONFIRM_PATH } from './local-card-entry.routes';

/*
 * The local provider's card entry (the stand-in for the processor's card element) through the real
 * server: a confirmed setup gives a payment method the household can save, the processor's test
 * cards are refused with its codes, and the typed card never reaches the audit log.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const clock = new BillingTestClock();

async function setupSecret(request: BillingRequest): Promise<string> {
  const setup = await request({ method: 'POST', url: '/api/billing/cards/setup' });
  expect(setup.statusCode).toBe(200);
  expect(setup.json()).toMatchObject({ provider: 'local', publishableKey: null });
  return setup.json<{ clientSecret: string }>().clientSecret;
}

const confirm = (request: BillingRequest, clientSecret: string, number: string) =>
  request({
    method: 'POST',
    url: LOCAL_CARD_CONFIRM_PATH,
    payload: { clientSecret, ...cardFields(number, clock) },
  });

describe('local card entry', () => {
  it('confirms a good card, which the household then saves and lists by brand and last four', async () => {
    const household = await householdWithMember(t);
    const owner = requestAs(t, bearer(await signIn(t, household.owner)));
    const confirmed = await confirm(owner, await setupSecret(owner), '5555555555554444');
    expect(confirmed.statusCode).toBe(200);
    const { paymentMethodId } = confirmed.json<{ paymentMethodId: string }>();
    expect(paymentMethodId).toMatch(/^pm_/);

    const saved = await owner({ method: 'POST', url: '/api/billing/cards', payload: { paymentMethodId } });
    expect(saved.statusCode).toBe(201);
    const listed = await owner({ method: 'GET', url: '/api/billing/cards' });
    expect(listed.json()).toMatchObject({ cards: [{ brand: 'mastercard', last4: '4444', isDefault: true }] });

    // Card data is kept out of the audit log: no entry for the confirmation, the number in none.
    await t.app.auditLog.flush();
    const entries = await t.database.db.select().from(auditLogs);
    expect(entries.map((entry) => entry.url)).toContain('/api/billing/cards');
    expect(entries.map((entry) => entry.url)).not.toContain(LOCAL_CARD_CONFIRM_PATH);
    expect(JSON.stringify(entries)).not.toContain('5555555555554444');
  });

  it("refuses the processor's declining test cards with its codes, and saves nothing", async () => {
    const household = await householdWithMember(t);
    const owner = requestAs(t, bearer(await signIn(t, household.owner)));
    const cases: [string, { code: string; declineCode?: string }][] = [
      ['4000000000000002', { code: 'card_declined', declineCode: 'generic_decline' }],
      ['4000000000009995', { code: 'card_declined', declineCode: 'insufficient_funds' }],
      ['4000000000000069', { code: 'expired_card', declineCode: 'expired_card' }],
      ['4242424242424241', { code: 'incorrect_number' }],
    ];
    for (const [number, failure] of cases) {
      const refused = await confirm(owner, await setupSecret(owner), number);
      expect(refused.statusCode, number).toBe(400);
      const details = refused.json<{ error: { details?: string } }>().error.details;
      expect(parseBillingFailureDetails(details), number).toEqual(failure);
    }
    const listed = await owner({ method: 'GET', url: '/api/billing/cards' });
    expect(listed.json()).toEqual({ cards: [] });
  });

  it('refuses an unknown or used client secret, and a member without the right to manage cards', async () => {
    const household = await householdWithMember(t);
    const owner = requestAs(t, bearer(await signIn(t, household.owner)));
    const unknown = await confirm(owner, 'seti_unknown_secret_x', '4242424242424242');
    expect(unknown.statusCode).toBe(404);

    const secret = await setupSecret(owner);
    expect((await confirm(owner, secret, '4242424242424242')).statusCode).toBe(200);
    expect((await confirm(owner, secret, '4242424242424242')).statusCode).toBe(404);

    const member = requestAs(t, bearer(await signIn(t, household.member)));
    expect((await confirm(member, await setupSecret(owner), '4242424242424242')).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: LOCAL_CARD_CONFIRM_PATH,
      payload: { clientSecret: 'x', ...cardFields('4242424242424242', clock) },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
