import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { outbox } from '../../platform/outbox/outbox.schema';
import { users } from '../users/users.schema';

/**
 * Phone sign-in's test helpers: a number of its own per test (the limits count per number), a user
 * with that number, and the code read back from the SMS the outbox holds for it.
 */
let numbers = 0;

/** A Danish mobile number no other test in this process uses: digits as stored, and E.164. */
export function uniquePhoneNumber(): { stored: string; e164: string } {
  const national = String(20_000_000 + process.pid * 1000 + ++numbers).slice(-8);
  const digits = `2${national.slice(1)}`;
  return { stored: digits, e164: `+45${digits}` };
}

export async function givePhoneNumber(db: Database, userId: string, phoneNumber: string): Promise<void> {
  await db.update(users).set({ phoneNumber }).where(eq(users.id, userId));
}

/** The SMS queued for `e164`, newest first. */
export function smsTo(db: Database, e164: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, e164)))
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** The code in the newest SMS to `e164`, as the person reads it off their phone. */
export async function latestCodeSentTo(db: Database, e164: string): Promise<string> {
  const [sms] = await smsTo(db, e164);
  const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
  if (!code) throw new Error(`no SMS with a code to ${e164}`);
  return code;
}
