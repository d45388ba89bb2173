import { createHash, randomBytes } from 'node:crypto';

/** A confirmation link stays usable for a day (the e-mail says so). */
export const CONFIRMATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** A new confirmation e-mail is sent at most this often per address, so resend cannot spam anyone. */
export const RESEND_INTERVAL_MS = 60 * 1000;

/** A fresh token for a link: 256 random bits, URL-safe. Only its hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of a link token. A plain sha256 is enough: the token is random and long, so the
 * hash cannot be reversed by guessing, and lookups by hash stay a single index probe.
 */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
