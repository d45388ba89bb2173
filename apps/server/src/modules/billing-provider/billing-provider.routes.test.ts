import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { billingWebhookEvents } from './billing-provider.schema';
import { BILLING_WEBHOOK_PATH } from './billing-provider.routes';
import { applyBillingWebhook, type BillingEventHandler } from './billing-webhook.service';
import { localProviderForTest } from './local-billing-test-support';
import { deliverLocalWebhooks } from './local-webhook-delivery';
import { signWebhookPayload } from './webhook-signature';

/*
 * The webhook through the real server and database: with the local provider (the default) and
 * with the Stripe adapter (a test key and webhook secret; signature checks need no network). A
 * signed event is applied once, a replay is acknowledged without being applied again, a wrong or
 * stale signature is refused.
 */

const post = (t: TestApp, body: string | Buffer, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: BILLING_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload: body,
  });

const recorded = (t: TestApp, id: string) =>
  t.database.db.select().from(billingWebhookEvents).where(eq(billingWebhookEvents.id, id));

const now = () => Math.floor(Date.now() / 1000);

function eventBody(type = 'invoice.paid') {
  const id = `evt_test_${randomBytes(8).toString('hex')}`;
  const body = JSON.stringify({
    id,
    object: 'event',
    type,
    created: now(),
    data: {
      object: {
        id: 'in_1',
        object: 'invoice',
        customer: 'cus_1',
        parent: { subscription_details: { subscription: 'sub_1' } },
      },
    },
  });
  return { id, body };
}

describe('billing webhook with the local provider', () => {
  let t: TestApp;
  let secret: string;
  beforeAll(async () => {
    t = await buildTestApp();
    secret = await localProviderForTest(t.database.db).provider.webhookSecret();
  });
  afterAll(() => t.close());

  it('applies an event the local provider emitted once, and acknowledges its replay without applying it', async () => {
    const { provider } = localProviderForTest(t.database.db);
    const customer = await provider.createCustomer({ name: 'Webhook' });
    const deliveries: { body: Buffer; header: string }[] = [];
    await provider.deliverWebhookEvents(async (body, header) => {
      const response = await post(t, body, header);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true, duplicate: false });
      deliveries.push({ body, header });
    });
    const created = deliveries.find((delivery) => delivery.body.toString().includes(customer.id))!;
    const eventId = (JSON.parse(created.body.toString()) as { id: string }).id;
    expect(await recorded(t, eventId)).toEqual([
      expect.objectContaining({
        id: eventId,
        type: 'customer.created',
        provider: 'local',
        objectId: customer.id,
      }),
    ]);

    const replay = await post(t, created.body, created.header);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await recorded(t, eventId)).toHaveLength(1);
  });

  it('hands the local provider’s events in-process to the same service, each applied once', async () => {
    const { provider } = localProviderForTest(t.database.db);
    await deliverLocalWebhooks({ db: t.database.db, provider, handlers: [] });
    const customer = await provider.createCustomer({ name: 'In-process' });
    const applied: string[] = [];
    const handlers: BillingEventHandler[] = [
      async (_tx, event) => void applied.push(`${event.type} ${event.objectId}`),
    ];
    expect(await deliverLocalWebhooks({ db: t.database.db, provider, handlers })).toBe(1);
    expect(await deliverLocalWebhooks({ db: t.database.db, provider, handlers })).toBe(0);
    expect(applied).toEqual([`customer.created ${customer.id}`]);
  });

  it('refuses a wrong, missing, tampered or stale signature with 400 and records nothing', async () => {
    const { id, body } = eventBody();
    const attempts = [
      signWebhookPayload(body, 'whsec_not_the_secret', now()),
      undefined,
      't=abc,v1=',
      signWebhookPayload(body, secret, now() - 301),
    ];
    for (const signature of attempts) {
      const response = await post(t, body, signature);
      expect(response.statusCode, String(signature)).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'bad_request', details: 'webhook_signature_invalid' },
      });
    }
    const tampered = await post(t, body.replace('in_1', 'in_2'), signWebhookPayload(body, secret, now()));
    expect(tampered.statusCode).toBe(400);
    expect(await recorded(t, id)).toEqual([]);
    // The same event correctly signed is then applied: refusals left no trace that blocks it.
    expect((await post(t, body, signWebhookPayload(body, secret, now()))).json()).toEqual({
      received: true,
      duplicate: false,
    });
  });

  it('runs the handlers once per event id, also for deliveries arriving together, and again after a failure', async () => {
    const { provider } = localProviderForTest(t.database.db);
    const applied: string[] = [];
    let failNext = true;
    const handler: BillingEventHandler = async (_tx, event) => {
      if (failNext) {
        failNext = false;
        throw new Error('handler failed');
      }
      applied.push(event.id);
    };
    const deps = { db: t.database.db, provider, handlers: [handler] };
    const { id, body } = eventBody('invoice.payment_failed');
    const raw = Buffer.from(body);
    await expect(applyBillingWebhook(deps, raw, signWebhookPayload(body, secret, now()))).rejects.toThrow(
      'handler failed',
    );
    expect(await recorded(t, id)).toEqual([]);
    const results = await Promise.all([
      applyBillingWebhook(deps, raw, signWebhookPayload(body, secret, now())),
      applyBillingWebhook(deps, raw, signWebhookPayload(body, secret, now())),
    ]);
    expect(results.map((result) => result.applied).sort()).toEqual([false, true]);
    expect(applied).toEqual([id]);
  });
});

describe('billing webhook with the Stripe adapter', () => {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  let t: TestApp;
  beforeAll(async () => {
    // No request reaches Stripe: verifying a webhook is local to the SDK.
    t = await buildTestApp({ stripeSecretKey: 'sk_test_offline', stripeWebhookSecret: webhookSecret });
  });
  afterAll(() => t.close());

  const stripeSigned = (body: string, secret = webhookSecret) =>
    Stripe.webhooks.generateTestHeaderString({ payload: body, secret });

  it('applies a Stripe-signed event once and acknowledges its replay', async () => {
    const { id, body } = eventBody();
    const signature = stripeSigned(body);
    expect((await post(t, body, signature)).json()).toEqual({ received: true, duplicate: false });
    expect((await post(t, body, signature)).json()).toEqual({ received: true, duplicate: true });
    expect(await recorded(t, id)).toEqual([
      expect.objectContaining({ id, type: 'invoice.paid', provider: 'stripe', objectId: 'in_1' }),
    ]);
  });

  it('refuses a signature made with another secret, and a missing one', async () => {
    const { id, body } = eventBody();
    expect((await post(t, body, stripeSigned(body, 'whsec_other'))).statusCode).toBe(400);
    expect((await post(t, body)).statusCode).toBe(400);
    expect(await recorded(t, id)).toEqual([]);
  });
});

describe('billing webhook with Stripe but no webhook secret', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ stripeSecretKey: 'sk_test_offline', stripeWebhookSecret: undefined });
  });
  afterAll(() => t.close());

  it('answers 503, so Stripe keeps the event until the secret is configured', async () => {
    const { body } = eventBody();
    const response = await post(
      t,
      body,
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_x' }),
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: { code: 'service_unavailable', details: 'webhook_secret_missing' },
    });
  });
});
