import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import webPush from 'web-push';
import { hostOf, isPublicAddress } from './push-endpoint';
import type { VapidKeys } from './vapid-keys';

/**
 * One Web Push request (RFC 8030/8291/8292): web-push encrypts the payload (aes128gcm) and signs
 * the VAPID token; the request itself is ours, so plain-http endpoints of allowed hosts work (web-push
 * only speaks https) and the connection refuses private addresses a public name resolves to.
 */

/** How long an alarm push waits at the push service for a device that is offline. */
export const PUSH_TTL_SECONDS = 15 * 60;
/** A push service that does not answer within this is counted as failed. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSenderOptions {
  subject: string;
  /** Hosts that may be plain http and private (PUSH_INSECURE_ENDPOINT_HOSTS). */
  insecureHosts: readonly string[];
}

/** Sends one encrypted push; resolves with the push service's HTTP status, rejects when unreachable. */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  keys: VapidKeys,
  options: PushSenderOptions,
): Promise<number> {
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject: options.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  const insecureAllowed = options.insecureHosts.includes(hostOf(url));
  const client = url.protocol === 'http:' && insecureAllowed ? http : https;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as http.OutgoingHttpHeaders,
        timeout: PUSH_TIMEOUT_MS,
        ...(insecureAllowed ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        // The answer's body is not needed; reading it frees the socket.
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

/** DNS lookup that refuses answers on this machine or a private network (SSRF by DNS). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
    if (allowed.length === 0) {
      const refused = Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), {
        code: 'EPUSHPRIVATE',
      });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    return callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
