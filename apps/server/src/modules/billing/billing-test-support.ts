import { randomImei } from '../../test/tenant-isolation/isolation-cases';
import type { TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { BillingTestClock } from '../billing-provider/billing-clock';
import { cardFields } from '../billing-provider/local-billing-test-support';
import { devices } from '../devices/devices.schema';
import { LOCAL_CARD_CONFIRM_PATH } from './local-card-entry.routes';

/** Test helpers of a household's billing, through the real routes. */

/** Sends one request as a caller (bearer headers, or an isolation caller's `request`). */
export type BillingRequest = (request: {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}) => Promise<{
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  rawPayload: Buffer;
  json<T = unknown>(): T;
}>;

export function requestAs(t: TestApp, headers: Record<string, string>): BillingRequest {
  return ({ method, url, payload }) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
}

function expectStatus(response: { statusCode: number; body: string }, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
}

/**
 * Saves a test card the way the browser does with the local provider: a card setup, the card
 * form's confirmation (the local stand-in for the processor's card element), then the confirmed
 * card, each through its route. Returns the card id.
 */
export async function addTestCard(
  request: BillingRequest,
  number = '4242424242424242',
  options: { makeDefault?: boolean } = { makeDefault: true },
): Promise<string> {
  const setup = await request({ method: 'POST', url: '/api/billing/cards/setup' });
  expectStatus(setup, 200, 'card setup');
  const confirmed = await request({
    method: 'POST',
    url: LOCAL_CARD_CONFIRM_PATH,
    payload: {
      clientSecret: setup.json<{ clientSecret: string }>().clientSecret,
      ...cardFields(number, new BillingTestClock()),
    },
  });
  expectStatus(confirmed, 200, 'confirm card');
  const { paymentMethodId } = confirmed.json<{ paymentMethodId: string }>();
  const added = await request({
    method: 'POST',
    url: '/api/billing/cards',
    payload: { paymentMethodId, ...options },
  });
  expectStatus(added, 201, 'add card');
  return added.json<{ id: string }>().id;
}

/** A watch connected to the household, written as connecting leaves it. */
export async function connectedWatch(t: TestApp, householdId: string, name = 'Fars ur'): Promise<string> {
  const seller = await given(t.database.db).tenant();
  const [row] = await t.database.db
    .insert(devices)
    .values({
      tenantId: householdId,
      name,
      imei: randomImei(),
      sellerTenantId: seller.id,
      connectedAt: new Date(),
    })
    .returning({ id: devices.id });
  return row!.id;
}

/** Subscribes a watch through the route; returns the subscription id. */
export async function subscribeWatch(
  request: BillingRequest,
  deviceId: string,
  plan: 'monthly' | 'annual' = 'monthly',
): Promise<string> {
  const response = await request({
    method: 'POST',
    url: '/api/billing/subscriptions',
    payload: { deviceId, plan },
  });
  expectStatus(response, 201, 'subscribe');
  return response.json<{ id: string }>().id;
}
