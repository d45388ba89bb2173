import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { tenants } from '../tenants/tenants.schema';
import { users, userTokens } from '../users/users.schema';

/**
 * The user a reset e-mail goes to, with their tenant's kind (a household's people get the link of
 * the plug-and-play client); only active users may reset.
 */
export async function findActiveUserByEmail(db: Database, normalizedEmail: string) {
  const [row] = await db
    .select({
      id: users.id,
      tenantId: users.tenantId,
      tenantKind: tenants.kind,
      userName: users.userName,
      email: users.email,
    })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.normalizedEmail, normalizedEmail), eq(users.isActive, true)))
    .limit(1);
  return row;
}

export async function insertPasswordResetToken(
  db: Database,
  token: { tenantId: string | null; userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(userTokens).values({ ...token, purpose: 'password_reset' });
}

/** The owner of an unused, unexpired reset token, without using it up. */
export async function findUsableResetToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: userTokens.userId, tenantId: userTokens.tenantId })
    .from(userTokens)
    .where(usableResetToken(tokenHash, now))
    .limit(1);
  return row;
}

/**
 * Uses the token up. The conditions are repeated in the update, so of two parallel submissions only
 * one gets a row back; returns the owner, or undefined when the token was no longer usable.
 */
export async function consumeResetToken(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .update(userTokens)
    .set({ consumedAt: now })
    .where(usableResetToken(tokenHash, now))
    .returning({ userId: userTokens.userId, tenantId: userTokens.tenantId });
  return row;
}

/** Other reset links of the user stop working once the password has been reset. */
export async function consumeOtherResetTokens(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(userTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'password_reset'),
        isNull(userTokens.consumedAt),
      ),
    );
}

export async function findUserName(db: Database, userId: string) {
  const [row] = await db
    .select({ userName: users.userName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.userName;
}

/** Sets the new password and ends any lockout; the new stamp makes sessions keyed on the old one stale. */
export async function setUserPassword(
  db: Database,
  userId: string,
  change: { passwordHash: string; securityStamp: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: change.passwordHash,
      securityStamp: change.securityStamp,
      accessFailedCount: 0,
      lockoutEnd: null,
      updatedAt: change.now,
    })
    .where(eq(users.id, userId));
}

function usableResetToken(tokenHash: string, now: Date) {
  return and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, 'password_reset'),
    isNull(userTokens.consumedAt),
    gt(userTokens.expiresAt, now),
  );
}
