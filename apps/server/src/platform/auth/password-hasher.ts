import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id`: the package exports a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/**
 * argon2id with OWASP's second recommended profile (19 MiB, 2 passes, 1 lane): strong enough for
 * stored credentials, and about 20 ms a hash on one core, which keeps sign-in and tests quick.
 */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed or missing hash; never throws on bad input. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
