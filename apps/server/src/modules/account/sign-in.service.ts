import { randomBytes } from 'node:crypto';
import type { SecurityLogAction } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { hashPassword, verifyPassword as verifyPasswordHash } from '../../platform/auth/password-hasher';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import { isStorableText, toStorableText } from '../../platform/db/storable-text';
import { writeSecurityLog } from '../security-logs';
import { addressRetryAfterSeconds, isLockedOut, SIGN_IN_LIMITS, type SignInLimits } from './sign-in-lockout';
import {
  findUserById,
  findUserByIdentifier,
  incrementAccessFailedCount,
  resetAccessFailedCount,
  storeTotpSecret,
  type SignInUser,
} from './sign-in.repository';
import { isValidTotpCode, newTotpSecret, totpUri } from './totp-code';
import {
  notAllowedReason as notAllowedReasonOf,
  withTenantTwoFactor as withTenantTwoFactorOf,
} from './sign-in-policy';
import { updateUser } from '../users';

/** Who is signing in from where; recorded in the security log. */
export interface SignInContext {
  clientId: string | null;
  ip: string | null;
  userAgent: string | null;
}

export type SignInResult =
  | { outcome: 'succeeded'; userId: string; tenantId: string | null }
  | { outcome: 'requires_two_factor'; userId: string; tenantId: string | null }
  /** Two-factor is required but no authenticator app is set up yet: the user enrols first. */
  | { outcome: 'requires_two_factor_enrolment'; userId: string; tenantId: string | null }
  /** A wrong password or code, an unknown user, or a locked account: one answer for all of them. */
  | { outcome: 'invalid_credentials' }
  /** The client address used up its budget of failed attempts (sign-in-lockout.ts), checked first. */
  | { outcome: 'throttled'; retryAfterSeconds: number }
  | { outcome: 'not_allowed'; reason: 'email_not_confirmed' | 'inactive' };

/** The credential checks behind the sign-in page and the password grant. */
export interface SignInService {
  /** identifier = user name OR e-mail (case-insensitive, via normalizeIdentifier). */
  verifyPassword(identifier: string, password: string, context: SignInContext): Promise<SignInResult>;
  verifyTwoFactor(userId: string, code: string, context: SignInContext): Promise<SignInResult>;
  /** A fresh secret to offer a user who must enrol; undefined when the user needs none (any more). */
  newTwoFactorEnrolment(userId: string): Promise<TwoFactorEnrolment | undefined>;
  /** Stores `secret` for the user when `code` proves their app holds it; then the sign-in succeeds. */
  completeTwoFactorEnrolment(
    userId: string,
    secret: string,
    code: string,
    context: SignInContext,
  ): Promise<SignInResult>;
}

/** A secret offered for enrolment and the otpauth:// address its QR code shows. */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
}

/** Long enough for any real user name or e-mail; longer input is logged cut short. */
const MAX_LOGGED_IDENTIFIER = 256;

export function createSignInService(deps: {
  db: Database;
  now?: () => Date;
  limits?: SignInLimits;
}): SignInService {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? SIGN_IN_LIMITS;

  // A hash of a random password, verified for unknown users so that they cost as much time as known
  // ones and response times do not tell which user names exist.
  let dummyHash: Promise<string> | undefined;
  const timingDecoy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  async function log(
    action: SecurityLogAction,
    context: SignInContext,
    user: Pick<SignInUser, 'id' | 'tenantId' | 'userName'> | null,
    attemptedName?: string,
    tx: Database = db,
  ) {
    await writeSecurityLog(tx, {
      // The lockout rules count these rows against the service's own clock.
      createdAt: now(),
      tenantId: user?.tenantId ?? null,
      action,
      userId: user?.id ?? null,
      userName: user?.userName ?? attemptedName?.slice(0, MAX_LOGGED_IDENTIFIER) ?? null,
      clientId: context.clientId,
      ip: context.ip,
      userAgent: context.userAgent,
    });
  }

  /**
   * Counts a wrong password or code: on the user (the count administrators see) and in the security
   * log, where the lockout rules count it. Answered like every other failure.
   */
  async function recordFailure(
    user: SignInUser,
    context: SignInContext,
    failedAction: SecurityLogAction,
    at: Date,
  ): Promise<SignInResult> {
    await db.transaction(async (tx) => {
      if (user.lockoutEnabled) await incrementAccessFailedCount(tx, user.id, at);
      await log(failedAction, context, user, undefined, tx);
    });
    return { outcome: 'invalid_credentials' };
  }

  /** The address's budget is used up: refused before any credential is looked at. */
  async function throttled(context: SignInContext, at: Date): Promise<SignInResult | null> {
    const retryAfterSeconds = await addressRetryAfterSeconds(db, context.ip, at, limits);
    return retryAfterSeconds === null ? null : { outcome: 'throttled', retryAfterSeconds };
  }

  /**
   * While this address is locked out of the account, every attempt is refused, even a right
   * credential, and answered as a wrong one; `proofWork` costs what checking the credential costs,
   * so neither the answer nor its time tells that the account is locked.
   */
  async function refuseIfLockedOut(
    user: SignInUser,
    context: SignInContext,
    at: Date,
    proofWork: () => Promise<unknown>,
  ): Promise<SignInResult | null> {
    if (!(await isLockedOut(db, user, context.ip, at, limits))) return null;
    await proofWork();
    await log('LoginLockedOut', context, user);
    return { outcome: 'invalid_credentials' };
  }

  /** After a proven credential: clears the count and logs the outcome, in one transaction. */
  async function recordProof(
    user: SignInUser,
    context: SignInContext,
    result: SignInResult,
    action: SecurityLogAction,
    at: Date,
  ): Promise<SignInResult> {
    await db.transaction(async (tx) => {
      await resetAccessFailedCount(tx, user.id, at);
      await log(action, context, user, undefined, tx);
    });
    return result;
  }

  const notAllowedReason = (user: SignInUser) => notAllowedReasonOf(db, user);
  const withTenantTwoFactor = (user: SignInUser | undefined) => withTenantTwoFactorOf(db, user);

  return {
    async verifyPassword(identifier, password, context) {
      const at = now();
      const refused = await throttled(context, at);
      if (refused) return refused;
      // A user name PostgreSQL cannot store (NUL) names no user; the security log keeps it readable.
      const normalized = isStorableText(identifier) ? normalizeIdentifier(identifier) : '';
      const user = normalized
        ? await withTenantTwoFactor(await findUserByIdentifier(db, normalized))
        : undefined;
      if (!user) {
        await verifyPasswordHash(await timingDecoy(), password);
        await log('LoginFailed', context, null, toStorableText(identifier.trim()));
        return { outcome: 'invalid_credentials' };
      }

      const locked = await refuseIfLockedOut(user, context, at, () =>
        verifyPasswordHash(user.passwordHash, password),
      );
      if (locked) return locked;

      if (!(await verifyPasswordHash(user.passwordHash, password))) {
        return recordFailure(user, context, 'LoginFailed', at);
      }

      const reason = await notAllowedReason(user);
      if (reason) {
        return recordProof(user, context, { outcome: 'not_allowed', reason }, 'LoginNotAllowed', at);
      }
      const identity = { userId: user.id, tenantId: user.tenantId };
      if (user.twoFactorEnabled) {
        const outcome = user.totpSecret ? 'requires_two_factor' : 'requires_two_factor_enrolment';
        return recordProof(user, context, { outcome, ...identity }, 'LoginRequiresTwoFactor', at);
      }
      return recordProof(user, context, { outcome: 'succeeded', ...identity }, 'LoginSucceeded', at);
    },

    async verifyTwoFactor(userId, code, context) {
      const at = now();
      const refused = await throttled(context, at);
      if (refused) return refused;
      const user = await withTenantTwoFactor(await findUserById(db, userId));
      if (!user || !user.twoFactorEnabled || !user.totpSecret) {
        await log('TwoFactorFailed', context, user ?? null);
        return { outcome: 'invalid_credentials' };
      }

      const totpSecret = user.totpSecret;
      const locked = await refuseIfLockedOut(user, context, at, () => isValidTotpCode(totpSecret, code, at));
      if (locked) return locked;

      if (!(await isValidTotpCode(totpSecret, code, at))) {
        return recordFailure(user, context, 'TwoFactorFailed', at);
      }

      // The account may have been deactivated between the password step and this one.
      const reason = await notAllowedReason(user);
      if (reason) {
        return recordProof(user, context, { outcome: 'not_allowed', reason }, 'LoginNotAllowed', at);
      }
      return recordProof(
        user,
        context,
        { outcome: 'succeeded', userId: user.id, tenantId: user.tenantId },
        'LoginSucceeded',
        at,
      );
    },

    async newTwoFactorEnrolment(userId) {
      const user = await withTenantTwoFactor(await findUserById(db, userId));
      if (!user || !user.twoFactorEnabled || user.totpSecret) return undefined;
      const secret = newTotpSecret();
      return { secret, uri: totpUri(secret, user.userName) };
    },

    async completeTwoFactorEnrolment(userId, secret, code, context) {
      const at = now();
      const refused = await throttled(context, at);
      if (refused) return refused;
      const stored = await findUserById(db, userId);
      const user = await withTenantTwoFactor(stored);
      // Switched off, or enrolled in another tab, since the page was shown: this secret is void.
      if (!user || !user.twoFactorEnabled || user.totpSecret) {
        await log('TwoFactorFailed', context, user ?? null);
        return { outcome: 'invalid_credentials' };
      }

      const locked = await refuseIfLockedOut(user, context, at, () => isValidTotpCode(secret, code, at));
      if (locked) return locked;

      if (!(await isValidTotpCode(secret, code, at))) {
        return recordFailure(user, context, 'TwoFactorFailed', at);
      }

      const reason = await notAllowedReason(user);
      if (reason) {
        return recordProof(user, context, { outcome: 'not_allowed', reason }, 'LoginNotAllowed', at);
      }
      return db.transaction(async (tx): Promise<SignInResult> => {
        // Under a forced tenant policy the user's own flag may be off; enrolling turns it on.
        if (!stored?.twoFactorEnabled) {
          await updateUser(tx, user.tenantId, user.id, { twoFactorEnabled: true, updatedAt: at });
        }
        if (!(await storeTotpSecret(tx, user.id, secret, at))) {
          await log('TwoFactorFailed', context, user, undefined, tx);
          return { outcome: 'invalid_credentials' };
        }
        await resetAccessFailedCount(tx, user.id, at);
        await log('TwoFactorEnrolled', context, user, undefined, tx);
        await log('LoginSucceeded', context, user, undefined, tx);
        return { outcome: 'succeeded', userId: user.id, tenantId: user.tenantId };
      });
    },
  };
}
