import { randomBytes } from 'node:crypto';

/** The form user names and e-mail addresses are compared and kept unique in (system-wide). */
export function normalizeIdentifier(value: string): string {
  return value.trim().normalize('NFKC').toUpperCase();
}

/** A fresh security stamp; writing one invalidates caches and sessions that recorded the old one. */
export function newSecurityStamp(): string {
  return randomBytes(16).toString('hex');
}
