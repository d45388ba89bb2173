import {
  normalizePhoneNumber,
  PHONE_SIGN_IN_CODE_TTL_MINUTES,
  storedPhoneNumberForms,
  type SecurityLogAction,
} from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { enqueueSms } from '../../platform/outbox/outbox';
import { writeSecurityLog } from '../security-logs';
import type { AccountLanguage, AccountTexts } from './account-texts';
import { hashPhoneCode, isPhoneCode, newPhoneCode } from './phone-code';
import {
  consumePhoneSignInCode,
  countWrongTry,
  deleteOldPhoneSignInCodes,
  findPhoneSignInCandidates,
  insertPhoneSignInCode,
  nthRecentCodeRequest,
  recentPhoneSignInCodes,
  type PhoneSignInCodeRow,
} from './phone-sign-in.repository';
import { addressRetryAfterSeconds, isLockedOut, SIGN_IN_LIMITS, type SignInLimits } from './sign-in-lockout';
import { notAllowedReason, withTenantTwoFactor } from './sign-in-policy';
import { findUserById, resetAccessFailedCount, type SignInUser } from './sign-in.repository';
import type { SignInContext, SignInResult } from './sign-in.service';

/**
 * How often codes may be asked for and tried (README "Phone login"). A code lives
 * `PHONE_SIGN_IN_CODE_TTL_MINUTES` and ends after `maxWrongTries` wrong codes; a number gets
 * `codesPerNumber` and an address `codesPerAddress` codes per `windowMinutes`. Wrong codes are also
 * charged to the address's sign-in budget (sign-in-lockout.ts rule 1), shared with the password.
 * With these values a guesser has at most 9 tries per number in 15 minutes at a 1 in 1,000,000
 * chance each.
 */
export interface PhoneSignInLimits {
  maxWrongTries: number;
  windowMinutes: number;
  codesPerNumber: number;
  codesPerAddress: number;
}

export const PHONE_SIGN_IN_LIMITS: PhoneSignInLimits = {
  maxWrongTries: 3,
  windowMinutes: 15,
  codesPerNumber: 3,
  codesPerAddress: 10,
};

/** Codes asked for in the last hour are compared with a typed code (to tell a reused or expired one). */
const LOOKBACK_MINUTES = 60;
/** At most this many of them: each comparison costs a scrypt derivation. */
const LOOKBACK_CODES = 5;
const MINUTE = 60_000;

export type PhoneCodeRequestResult =
  { outcome: 'sent' } | { outcome: 'throttled'; retryAfterSeconds: number };

export type PhoneSignInResult =
  | Extract<
      SignInResult,
      { outcome: 'succeeded' | 'requires_two_factor' | 'requires_two_factor_enrolment' | 'not_allowed' }
    >
  | { outcome: 'throttled'; retryAfterSeconds: number }
  /** Wrong, out of tries, or for a number no account has: one answer for all of them. */
  | { outcome: 'invalid_code' }
  | { outcome: 'expired_code' }
  | { outcome: 'reused_code' };

/** Sign-in with a one-time code sent by SMS, on the provider's sign-in page (phone-sign-in.routes.ts). */
export interface PhoneSignInService {
  /**
   * Sends a code to `phoneNumber` (E.164) when exactly one active, confirmed account has that number.
   * Answers `sent` either way, so the page cannot be used to find out who has an account.
   */
  requestCode(
    phoneNumber: string,
    language: AccountLanguage,
    context: SignInContext,
  ): Promise<PhoneCodeRequestResult>;
  /** Checks `code` for `phoneNumber`; on success the code is used up and the account rules apply. */
  verifyCode(phoneNumber: string, code: string, context: SignInContext): Promise<PhoneSignInResult>;
}

export function createPhoneSignInService(deps: {
  db: Database;
  texts: AccountTexts;
  now?: () => Date;
  limits?: PhoneSignInLimits;
  signInLimits?: SignInLimits;
}): PhoneSignInService {
  const { db, texts } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.limits ?? PHONE_SIGN_IN_LIMITS;
  const signInLimits = deps.signInLimits ?? SIGN_IN_LIMITS;
  const window = limits.windowMinutes * MINUTE;

  async function log(
    action: SecurityLogAction,
    context: SignInContext,
    who: { user?: Pick<SignInUser, 'id' | 'tenantId' | 'userName'> | null; phoneNumber: string },
    tx: Database = db,
  ) {
    await writeSecurityLog(tx, {
      createdAt: now(),
      tenantId: who.user?.tenantId ?? null,
      action,
      userId: who.user?.id ?? null,
      // Without an account the number stands where a password attempt keeps the name typed.
      userName: who.user?.userName ?? who.phoneNumber,
      clientId: context.clientId,
      ip: context.ip,
      userAgent: context.userAgent,
    });
  }

  const retryAfter = (oldest: Date, at: Date) =>
    Math.max(1, Math.ceil((oldest.getTime() + window - at.getTime()) / 1000));

  /** The per-number and per-address request limits, counted in the code table. */
  async function requestRetryAfter(phoneNumber: string, context: SignInContext, at: Date) {
    const since = new Date(at.getTime() - window);
    const byNumber = await nthRecentCodeRequest(db, { phoneNumber }, since, limits.codesPerNumber);
    if (byNumber) return retryAfter(byNumber, at);
    if (!context.ip) return null;
    const byAddress = await nthRecentCodeRequest(
      db,
      { clientIpAddress: context.ip },
      since,
      limits.codesPerAddress,
    );
    return byAddress ? retryAfter(byAddress, at) : null;
  }

  /** The one account this number signs in to; none when no account, or several, have it. */
  async function accountFor(phoneNumber: string) {
    const candidates = (await findPhoneSignInCandidates(db, storedPhoneNumberForms(phoneNumber))).filter(
      (candidate) => candidate.phoneNumber && normalizePhoneNumber(candidate.phoneNumber) === phoneNumber,
    );
    // Two accounts with one number (a couple sharing a phone) cannot tell whose sign-in it is.
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  function smsText(language: AccountLanguage, code: string) {
    return texts.translator(language)('sms.signInCode', { code, count: PHONE_SIGN_IN_CODE_TTL_MINUTES });
  }

  /** The stored code `code` was made from, among the number's recent ones; undefined if none. */
  async function matchingCode(rows: PhoneSignInCodeRow[], code: string) {
    for (const row of rows) if (await isPhoneCode(row.codeHash, code)) return row;
    return undefined;
  }

  async function refuse(
    outcome: 'invalid_code' | 'expired_code' | 'reused_code',
    action: SecurityLogAction,
    context: SignInContext,
    phoneNumber: string,
    row: PhoneSignInCodeRow | undefined,
  ): Promise<PhoneSignInResult> {
    const user = row?.userId ? await findUserById(db, row.userId) : undefined;
    await db.transaction(async (tx) => {
      if (outcome === 'invalid_code' && row && !row.consumedAt) await countWrongTry(tx, row.id);
      await log(action, context, { user, phoneNumber }, tx);
    });
    return { outcome };
  }

  /** The account rules after a proven code, as the password sign-in applies them. */
  async function signInWith(
    user: SignInUser,
    context: SignInContext,
    phoneNumber: string,
    at: Date,
  ): Promise<PhoneSignInResult> {
    if (await isLockedOut(db, user, context.ip, at, signInLimits)) {
      await log('LoginLockedOut', context, { user, phoneNumber });
      return { outcome: 'invalid_code' };
    }
    const reason = await notAllowedReason(db, user);
    const identity = { userId: user.id, tenantId: user.tenantId };
    const [result, action]: [PhoneSignInResult, SecurityLogAction] = reason
      ? [{ outcome: 'not_allowed', reason }, 'LoginNotAllowed']
      : user.twoFactorEnabled
        ? [
            {
              outcome: user.totpSecret ? 'requires_two_factor' : 'requires_two_factor_enrolment',
              ...identity,
            },
            'LoginRequiresTwoFactor',
          ]
        : [{ outcome: 'succeeded', ...identity }, 'LoginSucceeded'];
    await db.transaction(async (tx) => {
      await resetAccessFailedCount(tx, user.id, at);
      await log(action, context, { user, phoneNumber }, tx);
    });
    return result;
  }

  return {
    async requestCode(phoneNumber, language, context) {
      const at = now();
      const retryAfterSeconds =
        (await addressRetryAfterSeconds(db, context.ip, at, signInLimits)) ??
        (await requestRetryAfter(phoneNumber, context, at));
      if (retryAfterSeconds !== null) {
        await log('PhoneCodeThrottled', context, { phoneNumber });
        return { outcome: 'throttled', retryAfterSeconds };
      }

      const account = await accountFor(phoneNumber);
      const code = newPhoneCode();
      // A number without an account gets a row too (of a code never sent): the limits above count
      // rows, so known and unknown numbers meet them alike, and a typed code is checked alike.
      const codeHash = await hashPhoneCode(code);
      await db.transaction(async (tx) => {
        await deleteOldPhoneSignInCodes(tx, phoneNumber, new Date(at.getTime() - LOOKBACK_MINUTES * MINUTE));
        await insertPhoneSignInCode(tx, {
          tenantId: account?.tenantId ?? null,
          userId: account?.id ?? null,
          phoneNumber,
          codeHash,
          clientIpAddress: context.ip,
          expiresAt: new Date(at.getTime() + PHONE_SIGN_IN_CODE_TTL_MINUTES * MINUTE),
          createdAt: at,
        });
        if (account) {
          await enqueueSms(tx, {
            tenantId: account.tenantId,
            to: phoneNumber,
            body: smsText(language, code),
          });
        }
        await log(
          account ? 'PhoneCodeSent' : 'PhoneCodeNotSent',
          context,
          { user: account, phoneNumber },
          tx,
        );
      });
      return { outcome: 'sent' };
    },

    async verifyCode(phoneNumber, code, context) {
      const at = now();
      const retryAfterSeconds = await addressRetryAfterSeconds(db, context.ip, at, signInLimits);
      if (retryAfterSeconds !== null) {
        await log('PhoneCodeThrottled', context, { phoneNumber });
        return { outcome: 'throttled', retryAfterSeconds };
      }

      const since = new Date(at.getTime() - LOOKBACK_MINUTES * MINUTE);
      const rows = await recentPhoneSignInCodes(db, phoneNumber, since, LOOKBACK_CODES);
      const matched = await matchingCode(rows, code);
      if (!matched) {
        // A wrong try ends the newest code that is still in use sooner.
        const live = rows.find(
          (row) => !row.consumedAt && row.expiresAt > at && row.failedAttempts < limits.maxWrongTries,
        );
        return refuse('invalid_code', 'PhoneCodeFailed', context, phoneNumber, live);
      }
      if (matched.consumedAt) return refuse('reused_code', 'PhoneCodeReused', context, phoneNumber, matched);
      if (matched.expiresAt <= at)
        return refuse('expired_code', 'PhoneCodeExpired', context, phoneNumber, matched);
      if (matched.failedAttempts >= limits.maxWrongTries || !matched.userId) {
        return refuse('invalid_code', 'PhoneCodeFailed', context, phoneNumber, matched);
      }

      const user = await withTenantTwoFactor(db, await findUserById(db, matched.userId));
      const consumed = await db.transaction(async (tx) => {
        const row = await consumePhoneSignInCode(tx, matched.id, at, limits.maxWrongTries);
        // Used by a parallel submission a moment ago.
        if (!row) await log('PhoneCodeReused', context, { user, phoneNumber }, tx);
        else await log('PhoneCodeAccepted', context, { user, phoneNumber }, tx);
        return row !== undefined;
      });
      if (!consumed) return { outcome: 'reused_code' };
      // The number was given to someone else since the code was sent (a deactivated account is
      // told so by signInWith, as the password sign-in tells it after a right password).
      if (!user || (user.isActive && (await accountFor(phoneNumber))?.id !== user.id)) {
        await log('LoginFailed', context, { user, phoneNumber });
        return { outcome: 'invalid_code' };
      }
      return signInWith(user, context, phoneNumber, at);
    },
  };
}
