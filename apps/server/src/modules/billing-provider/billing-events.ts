import { BillingError } from './billing-error';
import type { BillingEvent } from './billing-provider';

/*
 * Webhook events in the processor's shape (`{ id, type, created, data: { object } }`): Stripe
 * sends them, and the local provider writes its own the same way, so one reading serves both.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id field that may be expanded to its object (`customer: 'cus_1'` or `customer: { id }`). */
function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.id === 'string') return value.id;
  return null;
}

/** The subscription an invoice (either API version's shape) or subscription object is about. */
function subscriptionOf(object: Json): string | null {
  if (object.object === 'subscription') return idOf(object.id);
  const parent = isObject(object.parent) ? object.parent : undefined;
  const details = parent && isObject(parent.subscription_details) ? parent.subscription_details : undefined;
  return idOf(details?.subscription) ?? idOf(object.subscription);
}

/** Reads a verified event body; a body that is not an event is refused like a bad signature. */
export function billingEventOf(body: string): BillingEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new BillingError('webhook_signature_invalid', { message: 'the event body is not JSON' });
  }
  if (!isObject(parsed) || typeof parsed.id !== 'string' || typeof parsed.type !== 'string') {
    throw new BillingError('webhook_signature_invalid', { message: 'the body is not an event' });
  }
  const data = isObject(parsed.data) ? parsed.data : {};
  const object = isObject(data.object) ? data.object : {};
  const created = typeof parsed.created === 'number' ? parsed.created : 0;
  return {
    id: parsed.id,
    type: parsed.type,
    createdAt: new Date(created * 1000),
    objectId: idOf(object.id),
    customerId: object.object === 'customer' ? idOf(object.id) : idOf(object.customer),
    subscriptionId: subscriptionOf(object),
    object,
  };
}
