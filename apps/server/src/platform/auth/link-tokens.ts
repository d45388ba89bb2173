import { createHash, randomBytes } from 'node:crypto';

/*
 * Tokens of the links the product e-mails (registration and household-invitation confirmations,
 * e-mail changes, account transfers): the link carries the token, the database only its hash.
 */

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
