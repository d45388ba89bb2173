import { findIdentifierClashes } from '../users';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { invitations, users, userTokens, type NewUserRow } from '../users/users.schema';

/*
 * Registration works on host rows (tenant_id null): a registered user belongs to the host until
 * they confirm their e-mail, and then moves into a household (modules/tenants/households.ts).
 * User names and e-mail addresses are unique system-wide, so the "taken" checks are deliberately
 * not tenant-scoped; invitation and confirmation lookups are by the hash of a secret token, which
 * is the caller's proof of access.
 */

/** Which of a normalized user name and e-mail already belong to someone (anyone, any tenant). */
export async function findTakenIdentifiers(
  db: Database,
  normalizedUserName: string,
  normalizedEmail: string,
): Promise<{ userNameTaken: boolean; emailTaken: boolean }> {
  const clashes = await findIdentifierClashes(db, { userName: normalizedUserName, email: normalizedEmail });
  return { userNameTaken: clashes.userName, emailTaken: clashes.email };
}

export async function insertUser(db: Database, values: NewUserRow): Promise<{ id: string }> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!;
}

export async function insertConfirmationToken(
  db: Database,
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values({ ...values, tenantId: null, purpose: 'email_confirmation' });
}

/** Removes a user's confirmation tokens, so only the one sent next works. */
export async function deleteConfirmationTokens(db: Database, userId: string): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'email_confirmation')));
}

/**
 * Marks a confirmation token used, if it is still unused and unexpired, and returns its user. The
 * check and the write are one statement, so two concurrent confirmations cannot both succeed.
 */
export async function consumeConfirmationToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ consumedAt: now })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash),
        eq(userTokens.purpose, 'email_confirmation'),
        isNull(userTokens.consumedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .returning({ userId: userTokens.userId });
  return row;
}

/** When the newest confirmation token of a user was made (for the resend rate limit). */
export async function latestConfirmationTokenAt(db: Database, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: userTokens.createdAt })
    .from(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'email_confirmation')))
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.createdAt;
}

export async function findHostUserById(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.tenantId)));
  return row;
}

/** The host user waiting to confirm this e-mail address, if any. */
export async function findUnconfirmedHostUserByEmail(db: Database, normalizedEmail: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      userName: users.userName,
      email: users.email,
      extraProperties: users.extraProperties,
    })
    .from(users)
    .where(
      and(
        eq(users.normalizedEmail, normalizedEmail),
        isNull(users.tenantId),
        eq(users.emailConfirmed, false),
      ),
    );
  return row;
}

export async function confirmUserEmail(
  db: Database,
  userId: string,
  values: { accountOwnerId?: string; extraProperties: Record<string, unknown>; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      emailConfirmed: true,
      extraProperties: values.extraProperties,
      updatedAt: values.now,
      ...(values.accountOwnerId ? { accountOwnerId: values.accountOwnerId } : {}),
    })
    .where(and(eq(users.id, userId), isNull(users.tenantId)));
}

/**
 * An invitation into a household that can still be accepted: the token matches, it has not expired
 * nor been used. Invitations belong to their household, which the anonymous (host) scope cannot
 * see; `homeward_open_invitation` (migration 0046) finds one by its token hash only.
 */
export async function findOpenInvitationByTokenHash(db: Database, tokenHash: string, now: Date) {
  const [row] = await selectRows<{ id: string; tenant_id: string; email: string; inviter_user_id: string }>(
    db,
    sql`select * from homeward_open_invitation(${tokenHash}, ${now.toISOString()}::timestamptz)`,
  );
  return (
    row && { id: row.id, householdId: row.tenant_id, email: row.email, inviterUserId: row.inviter_user_id }
  );
}

/** The household an invitation (by id) belongs to, if it still exists. */
export async function findInvitationHousehold(
  db: Database,
  invitationId: string,
): Promise<string | undefined> {
  const [row] = await selectRows<{ household: string | null }>(
    db,
    sql`select homeward_invitation_household(${invitationId}) as household`,
  );
  return row?.household ?? undefined;
}

/**
 * Marks an invitation accepted by a user, if no one accepted it yet; returns its inviter and the
 * inviter's "receives alarms" tick, or undefined when it was already taken. Runs as the
 * invitation's household.
 */
export async function acceptInvitation(
  db: Database,
  invitationId: string,
  userId: string,
  now: Date,
): Promise<{ inviterUserId: string; receivesAlarms: boolean } | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning({ inviterUserId: invitations.inviterUserId, receivesAlarms: invitations.receivesAlarms });
  return row;
}
