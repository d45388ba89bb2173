/**
 * This browser's side of Web Push: whether it can, the permission, the service worker's push
 * subscription. Failures are `PushSetupError`s with a code the card translates.
 */

export type PushSetupErrorCode = 'unsupported' | 'denied' | 'subscribeFailed';

export class PushSetupError extends Error {
  constructor(
    readonly code: PushSetupErrorCode,
    readonly reason = '',
  ) {
    super(reason || code);
    this.name = 'PushSetupError';
  }
}

/** The service worker file (apps/web/public/sw.js), at the root so its scope is the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Whether this browser can receive Web Push here (an iPhone only from the home-screen app). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    window.isSecureContext
  );
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration> {
  // Production registers the worker at start-up; in development it is registered here, on demand.
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, or null (also when push is not supported). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = (publicKey + '='.repeat((4 - (publicKey.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Asks for permission and subscribes this browser with the server's key; returns what the server
 * stores (`PushSubscription.toJSON()`). A subscription made with another key is replaced.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<{
  endpoint: string;
  keys: { p256dh: string; auth: string };
}> {
  if (!pushSupported()) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  try {
    const registration = await serviceWorkerRegistration();
    const key = applicationServerKey(publicKey);
    const existing = await registration.pushManager.getSubscription();
    if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    const subscription =
      (existing && sameKey(existing.options.applicationServerKey, key) ? existing : null) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new Error('incomplete subscription');
    return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  } catch (error) {
    throw new PushSetupError('subscribeFailed', error instanceof Error ? error.message : String(error));
  }
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

/** Unsubscribes this browser; the endpoint it had, or null when it had none. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

/** A short name of this browser for the device list: "Chrome on Android". */
export function browserLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : '';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' · ');
}
