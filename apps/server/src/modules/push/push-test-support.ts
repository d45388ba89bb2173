import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/**
 * Test helpers of Web Push: a local push service (a plain HTTP server standing in for FCM or
 * Mozilla's autopush), a browser's subscription keys, and the checks a push service and a browser
 * make (the VAPID token's signature, the aes128gcm decryption, with the http_ece reference code).
 */

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

/** One request the push service received. */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1: records every request, and answers 201 (created) unless the path
 * contains `gone` (410, the subscription expired) or `broken` (500).
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = path.includes('gone') ? 410 : path.includes('broken') ? 500 : 201;
      response.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    endpoint: (id: string) => `http://127.0.0.1:${port}/push/${id}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, p256dh: ecdh.getPublicKey().toString('base64url') };
}

/** The browser's side: the aes128gcm body decrypted with its private key and auth secret. */
export function decryptPush(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  return ece
    .decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth })
    .toString('utf8');
}

/**
 * The push service's side of VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<public key>`; the
 * key must be the server's, and the JWT (ES256) signed by its private key. Returns the JWT's claims.
 */
export function verifyVapidAuthorization(header: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== publicKey) throw new Error('the VAPID key is not the server’s public key');
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: raw.subarray(1, 33).toString('base64url'),
    y: raw.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return {
    valid,
    header: JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg: string; typ: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
