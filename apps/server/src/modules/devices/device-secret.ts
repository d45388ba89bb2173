import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

/**
 * Per-device secrets for broker authentication (MQTT username = device id, password = secret).
 * Only a salted scrypt hash is stored; verification compares in constant time.
 * Format: `scrypt$<N>$<r>$<p>$<salt base64url>$<hash base64url>`.
 */

const SCRYPT = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(secret: BinaryLike, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new random secret to give a device once (43 URL-safe characters, 256 bits). */
export function createDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

export async function hashDeviceSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(secret, salt, SCRYPT);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

/** True when `secret` matches the stored hash; false for any malformed hash, never throws. */
export async function verifyDeviceSecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a tampered hash from asking for absurd work.
  if (
    ![N, r, p].every(Number.isInteger) ||
    N < 2 ||
    N > 2 ** 20 ||
    (N & (N - 1)) !== 0 ||
    r < 1 ||
    r > 32 ||
    p < 1 ||
    p > 16
  ) {
    return false;
  }
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await derive(secret, salt, { N, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
