import { createHmac, timingSafeEqual } from 'node:crypto';
import { BillingError } from './billing-error';

/**
 * Webhook signatures the way Stripe makes them (`Stripe-Signature: t=<unix seconds>,v1=<hex>`,
 * v1 = HMAC-SHA256 with the endpoint secret over `t + '.' + raw body`), so the local provider's
 * events pass the same check as Stripe's. A signature older than the tolerance is refused, as the
 * SDK does: a captured request cannot be replayed later.
 */

/** Stripe's default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The header Stripe sends the signature in (Fastify lower-cases header names). */
export const WEBHOOK_SIGNATURE_HEADER = 'stripe-signature';

function signatureOf(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The signature header for `payload` sent at `timestamp` (unix seconds). */
export function signWebhookPayload(payload: string, secret: string, timestamp: number): string {
  return `t=${timestamp},v1=${signatureOf(secret, timestamp, payload)}`;
}

/**
 * Throws `webhook_signature_invalid` unless one of the header's v1 signatures matches `payload`
 * and its timestamp is at most `toleranceSeconds` old at `nowSeconds`.
 */
export function verifyWebhookSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): void {
  const invalid = (message: string) => new BillingError('webhook_signature_invalid', { message });
  if (!header) throw invalid('no signature header');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((text) => text.trim());
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) throw invalid('malformed signature header');
  const expected = Buffer.from(signatureOf(secret, timestamp, payload), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw invalid('no signature matches the payload');
  if (nowSeconds - timestamp > toleranceSeconds) throw invalid('signature timestamp outside the tolerance');
}
