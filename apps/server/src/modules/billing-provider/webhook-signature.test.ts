import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

/* The local provider signs as Stripe does: the SDK accepts its signatures, and it accepts the SDK's. */

const secret = 'whsec_local_test_secret';
const body = '{"id":"evt_1","object":"event","type":"invoice.paid"}';
const now = 1_800_000_000;

describe('webhook signatures', () => {
  it('are HMAC-SHA256 of `t.body` in Stripe’s header format, and Stripe’s SDK verifies them', () => {
    const header = signWebhookPayload(body, secret, now);
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(header).toBe(`t=${now},v1=${expected}`);
    expect(() =>
      Stripe.webhooks.constructEvent(body, header, secret, 300, undefined, now * 1000),
    ).not.toThrow();
  });

  it('accepts the SDK’s test signatures, with any one of several v1 values matching', () => {
    const header = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now });
    expect(() => verifyWebhookSignature(body, header, secret, now)).not.toThrow();
    const rotated = `${header},v1=${'0'.repeat(64)}`;
    expect(() => verifyWebhookSignature(body, rotated, secret, now)).not.toThrow();
  });

  it('refuses a missing or malformed header, another body or secret, and a signature older than 5 minutes', () => {
    const header = signWebhookPayload(body, secret, now);
    const refusals = [
      () => verifyWebhookSignature(body, undefined, secret, now),
      () => verifyWebhookSignature(body, 'v1=abc', secret, now),
      () => verifyWebhookSignature(body, `t=${now}`, secret, now),
      () => verifyWebhookSignature(`${body} `, header, secret, now),
      () => verifyWebhookSignature(body, header, 'whsec_other', now),
      () => verifyWebhookSignature(body, header, secret, now + 301),
    ];
    for (const refusal of refusals)
      expect(refusal).toThrow(expect.objectContaining({ code: 'webhook_signature_invalid' }));
    expect(() => verifyWebhookSignature(body, header, secret, now + 300)).not.toThrow();
  });
});
