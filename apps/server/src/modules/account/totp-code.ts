import { TOTP_ISSUER } from '@homeward/contracts';
import { generateSecret, generateURI, verify } from 'otplib';

/** TOTP codes are six digits (RFC 6238 defaults, as authenticator apps use them). */
const CODE_PATTERN = /^\d{6}$/;
/** One 30-second step either way, for clocks that drift and codes typed at the turn of a step. */
const TOLERANCE_SECONDS = 30;

/** True when `code` is the TOTP code of `secret` (base32) at `now`, give or take one step. */
export async function isValidTotpCode(secret: string, code: string, now: Date): Promise<boolean> {
  const token = code.replace(/\s/g, '');
  if (!CODE_PATTERN.test(token)) return false;
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_SECONDS,
    });
    return result.valid;
  } catch {
    // A malformed stored secret must read as a wrong code, never as a server error at sign-in.
    return false;
  }
}

/** A new random secret (160 bits, base32), as authenticator apps expect it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// address an authenticator app scans: issuer Homeward, the user name as label. */
export function totpUri(secret: string, userName: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: userName, secret });
}
