import type { Database } from '../../platform/db/database';
import { getIdentitySettings } from '../settings';
import { countRecentFailures, hasSignedInFrom, nthChargedAttemptFrom } from './sign-in-attempts.repository';
import type { SignInUser } from './sign-in.repository';

/**
 * How far a client address may go wrong before sign-in slows it down (README "Sign-in").
 *
 * The rules, checked on the login page, the two-factor steps and the password grant alike:
 *
 * 1. **Address throttle.** An address with `addressBudget` charged attempts (wrong password or
 *    code, unknown user name, attempt refused by a lock) in the last `addressWindowMinutes` gets
 *    429 "try again in N minutes" before any password is checked, until the oldest of them leaves
 *    the window. It bounds guessing from one address across all accounts.
 * 2. **Account lock per address.** The tenant's `Identity.Lockout.MaxFailedAccessAttempts` failures
 *    on one account from one address within `Identity.Lockout.LockoutDuration` minutes (since that
 *    address last proved the password) lock that address out of that account until they are older
 *    than the duration. Other addresses are not affected, so a stranger who knows a user name can
 *    lock out only themselves, never the account's owner.
 * 3. **Account lock from many addresses.** `accountWideFactor` times as many failures on one
 *    account within the duration, from any addresses, also lock out every address the account has
 *    not signed in from successfully in the last `familiarAddressDays` days: guessing spread over
 *    many addresses meets a lock too, while the owner at home or at work still gets in.
 * 4. An administrator's lock (`lockoutEnd` on the user) locks every address.
 *
 * A locked attempt is answered exactly like a wrong password (after the same password-hash work),
 * so the answer never tells that an account exists or is locked; the security log records it as
 * `LoginLockedOut`. An administrator's unlock starts rules 2 and 3 afresh. Users whose lockout is
 * disabled are only subject to rule 1. Every count is read from the security log, which all API
 * nodes share, so the rules hold across any number of nodes.
 */
export interface SignInLimits {
  addressBudget: number;
  addressWindowMinutes: number;
  accountWideFactor: number;
  familiarAddressDays: number;
}

export const SIGN_IN_LIMITS: SignInLimits = {
  // An office network behind one address (a municipality) has many people signing in each morning;
  // 30 wrong attempts in 15 minutes is far above their typing errors, and caps a guesser at 120/hour.
  addressBudget: 30,
  addressWindowMinutes: 15,
  accountWideFactor: 4,
  familiarAddressDays: 30,
};

const MINUTE = 60_000;

/** Seconds until the address may try again, or null while it is within its budget. */
export async function addressRetryAfterSeconds(
  db: Database,
  ip: string | null,
  at: Date,
  limits: SignInLimits,
): Promise<number | null> {
  if (!ip) return null;
  const window = limits.addressWindowMinutes * MINUTE;
  const oldest = await nthChargedAttemptFrom(db, ip, new Date(at.getTime() - window), limits.addressBudget);
  if (!oldest) return null;
  return Math.max(1, Math.ceil((oldest.getTime() + window - at.getTime()) / 1000));
}

/** Whether rules 2 to 4 lock `ip` out of the user's account at `at`. */
export async function isLockedOut(
  db: Database,
  user: SignInUser,
  ip: string | null,
  at: Date,
  limits: SignInLimits,
): Promise<boolean> {
  if (!user.lockoutEnabled) return false;
  if (user.lockoutEnd && user.lockoutEnd > at) return true;
  const { lockoutMaxFailedAttempts, lockoutDurationMinutes } = await getIdentitySettings(db, user.tenantId);
  const accountLimit = lockoutMaxFailedAttempts * limits.accountWideFactor;
  const failures = await countRecentFailures(db, {
    userId: user.id,
    ip,
    since: new Date(at.getTime() - lockoutDurationMinutes * MINUTE),
    addressLimit: lockoutMaxFailedAttempts,
    accountLimit,
  });
  if (failures.fromAddress >= lockoutMaxFailedAttempts) return true;
  if (failures.onAccount < accountLimit) return false;
  const familiarSince = new Date(at.getTime() - limits.familiarAddressDays * 24 * 60 * MINUTE);
  return !(ip && (await hasSignedInFrom(db, user.id, ip, familiarSince)));
}
