import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from '../users/users.schema';
import { phoneSignInCodes } from './phone-sign-in.schema';

/** A user who may get a phone sign-in code: active, e-mail confirmed, with this stored number. */
export interface PhoneSignInCandidate {
  id: string;
  tenantId: string | null;
  userName: string;
  phoneNumber: string | null;
}

/**
 * Active, confirmed users whose stored number is one of `forms` (`storedPhoneNumberForms`). Sign-in
 * runs before a tenant is known, like the password sign-in's lookup; at most `limit` rows.
 */
export async function findPhoneSignInCandidates(
  db: Database,
  forms: string[],
  limit = 5,
): Promise<PhoneSignInCandidate[]> {
  return db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      userName: users.userName,
      phoneNumber: users.phoneNumber,
    })
    .from(users)
    .where(and(inArray(users.phoneNumber, forms), eq(users.isActive, true), eq(users.emailConfirmed, true)))
    .limit(limit);
}

export async function insertPhoneSignInCode(
  db: Database,
  code: {
    tenantId: string | null;
    userId: string | null;
    phoneNumber: string;
    codeHash: string;
    clientIpAddress: string | null;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db.insert(phoneSignInCodes).values(code).returning({ id: phoneSignInCodes.id });
  return row!.id;
}

/**
 * When the `nth` most recent code asked for this number (or from this address) after `since` was
 * asked for, or undefined when there were fewer: the limit holds until that one leaves the window.
 */
export async function nthRecentCodeRequest(
  db: Database,
  by: { phoneNumber: string } | { clientIpAddress: string },
  since: Date,
  nth: number,
): Promise<Date | undefined> {
  const who =
    'phoneNumber' in by
      ? eq(phoneSignInCodes.phoneNumber, by.phoneNumber)
      : eq(phoneSignInCodes.clientIpAddress, by.clientIpAddress);
  const [row] = await db
    .select({ at: phoneSignInCodes.createdAt })
    .from(phoneSignInCodes)
    .where(and(who, gt(phoneSignInCodes.createdAt, since)))
    .orderBy(desc(phoneSignInCodes.createdAt))
    .limit(1)
    .offset(nth - 1);
  return row?.at;
}

/** The codes asked for this number after `since`, newest first (a handful, by the limits). */
export async function recentPhoneSignInCodes(db: Database, phoneNumber: string, since: Date, limit: number) {
  return db
    .select()
    .from(phoneSignInCodes)
    .where(and(eq(phoneSignInCodes.phoneNumber, phoneNumber), gt(phoneSignInCodes.createdAt, since)))
    .orderBy(desc(phoneSignInCodes.createdAt), desc(phoneSignInCodes.id))
    .limit(limit);
}
export type PhoneSignInCodeRow = Awaited<ReturnType<typeof recentPhoneSignInCodes>>[number];

/** Counts a wrong try on a code still in use (in SQL, so parallel tries cannot lose one). */
export async function countWrongTry(db: Database, id: string): Promise<void> {
  await db
    .update(phoneSignInCodes)
    .set({ failedAttempts: sql`${phoneSignInCodes.failedAttempts} + 1` })
    .where(and(eq(phoneSignInCodes.id, id), isNull(phoneSignInCodes.consumedAt)));
}

/**
 * Uses the code up. The conditions are checked in the update, so of two parallel submissions only
 * one gets the row back; undefined when it was no longer usable.
 */
export async function consumePhoneSignInCode(db: Database, id: string, now: Date, maxWrongTries: number) {
  const [row] = await db
    .update(phoneSignInCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(phoneSignInCodes.id, id),
        isNull(phoneSignInCodes.consumedAt),
        gt(phoneSignInCodes.expiresAt, now),
        lt(phoneSignInCodes.failedAttempts, maxWrongTries),
      ),
    )
    .returning({ userId: phoneSignInCodes.userId });
  return row;
}

/** Rows of this number older than `before` serve no limit any more; they go when a new one comes. */
export async function deleteOldPhoneSignInCodes(
  db: Database,
  phoneNumber: string,
  before: Date,
): Promise<void> {
  await db
    .delete(phoneSignInCodes)
    .where(and(eq(phoneSignInCodes.phoneNumber, phoneNumber), lt(phoneSignInCodes.createdAt, before)));
}
