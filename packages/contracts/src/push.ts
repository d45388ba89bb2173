import { z } from 'zod';
import { zListResult } from './users';

/**
 * Contracts of Web Push (`/api/push`, issue 21 "Alarms on the phone"): a signed-in user's
 * subscribed devices, the server's VAPID public key, and a test notification.
 */

/** Translation keys (namespace `push`) of the rules the server enforces. */
export const PUSH_MESSAGE_KEYS = {
  /** The endpoint is not `https://` (or is plain `http://` to a host not allowed for it). */
  endpointNotHttps: 'push:endpointNotHttps',
  /** The endpoint points at this machine or a private network. */
  endpointNotAllowed: 'push:endpointNotAllowed',
  /** `p256dh` is not an uncompressed P-256 public key (65 bytes, base64url). */
  invalidP256dh: 'push:invalidP256dh',
  /** `auth` is not a 16-byte secret (base64url). */
  invalidAuth: 'push:invalidAuth',
  /** `POST /api/push/test` for a user without a subscribed device. */
  noSubscriptions: 'push:noSubscriptions',
} as const;

/** Subscribed devices of one user at most; the oldest one goes when another is added. */
export const PUSH_SUBSCRIPTIONS_PER_USER_MAX = 20;

/** An uncompressed P-256 point (65 bytes, first 0x04) and a 16-byte secret, in base64url. */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH_SECRET = /^[A-Za-z0-9_-]{22}(==)?$/;

/** `POST /api/push/subscriptions`: a browser's PushSubscription as `toJSON()` gives it, and a label. */
export const zCreatePushSubscriptionRequest = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    p256dh: z.string().max(200).regex(P256DH, PUSH_MESSAGE_KEYS.invalidP256dh),
    auth: z.string().max(100).regex(AUTH_SECRET, PUSH_MESSAGE_KEYS.invalidAuth),
  }),
  /** What the user calls the device ("Work phone"); the browser's description when empty. */
  label: z.string().trim().max(100).optional(),
});
export type CreatePushSubscriptionRequest = z.input<typeof zCreatePushSubscriptionRequest>;

/** One subscribed device, without its keys. */
export const zPushSubscription = z.object({
  id: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, …). */
  service: z.string(),
  label: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  failureCount: z.number().int(),
});
export type PushSubscription = z.infer<typeof zPushSubscription>;

export const zPushSubscriptions = zListResult(zPushSubscription);
export type PushSubscriptions = z.infer<typeof zPushSubscriptions>;

/** `DELETE /api/push/subscriptions`: by id, or by endpoint (the browser unsubscribing itself). */
export const zDeletePushSubscriptionRequest = z
  .object({ id: z.uuid().optional(), endpoint: z.string().max(2048).optional() })
  .refine((value) => Boolean(value.id ?? value.endpoint), { message: 'validation.required', path: ['id'] });
export type DeletePushSubscriptionRequest = z.input<typeof zDeletePushSubscriptionRequest>;

/** `GET /api/push/public-key`: the VAPID key `pushManager.subscribe` takes (base64url). */
export const zPushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof zPushPublicKey>;

/** `POST /api/push/test`: how many of the caller's devices the test reached. */
export const zPushTestResult = z.object({ sent: z.number().int(), failed: z.number().int() });
export type PushTestResult = z.infer<typeof zPushTestResult>;

/** What a push notification carries to the service worker (the outbox body of channel `push`). */
export const zPushNotificationPayload = z.object({
  alarmId: z.string().optional(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushNotificationPayload = z.infer<typeof zPushNotificationPayload>;
