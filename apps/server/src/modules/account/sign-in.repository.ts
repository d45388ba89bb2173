import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { users } from '../users/users.schema';

/** What the credential checks read of a user. */
export interface SignInUser {
  id: string;
  tenantId: string | null;
  userName: string;
  passwordHash: string | null;
  isActive: boolean;
  emailConfirmed: boolean;
  lockoutEnabled: boolean;
  lockoutEnd: Date | null;
  accessFailedCount: number;
  twoFactorEnabled: boolean;
  totpSecret: string | null;
}

const signInColumns = {
  id: users.id,
  tenantId: users.tenantId,
  userName: users.userName,
  passwordHash: users.passwordHash,
  isActive: users.isActive,
  emailConfirmed: users.emailConfirmed,
  lockoutEnabled: users.lockoutEnabled,
  lockoutEnd: users.lockoutEnd,
  accessFailedCount: users.accessFailedCount,
  twoFactorEnabled: users.twoFactorEnabled,
  totpSecret: users.totpSecret,
};

/**
 * The user whose user name or e-mail is `normalized`. User names and e-mails are unique system-wide,
 * so sign-in needs no tenant; should one person's user name equal another's e-mail, the user name wins.
 */
export async function findUserByIdentifier(
  db: Database,
  normalized: string,
): Promise<SignInUser | undefined> {
  const [row] = await db
    .select(signInColumns)
    .from(users)
    .where(or(eq(users.normalizedUserName, normalized), eq(users.normalizedEmail, normalized)))
    .orderBy(sql`${users.normalizedUserName} = ${normalized} desc`)
    .limit(1);
  return row;
}

export async function findUserById(db: Database, userId: string): Promise<SignInUser | undefined> {
  const [row] = await db.select(signInColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Counts one failed attempt in SQL (not from the value read earlier), so parallel attempts cannot
 * lose a count; returns the new count.
 */
export async function incrementAccessFailedCount(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ accessFailedCount: sql`${users.accessFailedCount} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ accessFailedCount: users.accessFailedCount });
  return row?.accessFailedCount ?? 0;
}

/** Clears the failure count after a proven credential (only writes when there is something to clear). */
export async function resetAccessFailedCount(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ accessFailedCount: 0, updatedAt: now })
    .where(and(eq(users.id, userId), sql`${users.accessFailedCount} <> 0`));
}

/**
 * Stores the secret a user just proved with a code. Only while two-factor is on and no secret is
 * stored: an administrator switching it off, or another tab enrolling first, wins. True if stored.
 */
export async function storeTotpSecret(
  db: Database,
  userId: string,
  secret: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpSecret: secret, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true), isNull(users.totpSecret)))
    .returning({ id: users.id });
  return rows.length > 0;
}
