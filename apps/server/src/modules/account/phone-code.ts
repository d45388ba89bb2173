import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The six-digit codes of phone sign-in and their stored form. Six digits are a million values, so a
 * fast hash would be reversed by anyone who reads the table in a moment; scrypt with a salt of its
 * own per code makes each guess cost memory and time, far beyond the code's five minutes of life
 * for the whole range.
 */
const SCRYPT: ScryptOptions = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(code, salt, KEY_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** A fresh code: six digits, leading zeros kept, from the system's secure random source. */
export function newPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** `salt:hash` (hex) of a code. */
export async function hashPhoneCode(code: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return `${salt.toString('hex')}:${(await derive(code, salt)).toString('hex')}`;
}

/** Whether `code` is the one `stored` was made from (in constant time once derived). */
export async function isPhoneCode(stored: string, code: string): Promise<boolean> {
  const [saltHex, hashHex] = stored.split(':');
  if (!saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await derive(code, Buffer.from(saltHex, 'hex'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
