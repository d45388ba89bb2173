import { findIdentifierClashes } from '../users/users.repository';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { roles, userRoles } from '../roles/roles.schema';
import { invitations, users, userTokens, type NewUserRow } from '../users/users.schema';

/*
 * Registration works on host rows (tenant_id null): self-registered users belong to the host.
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
    .select({ id: users.id, name: users.name, userName: users.userName, email: users.email })
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

/** A host role by normalized name (the plug-and-play roles are seeded in the host). */
export async function findHostRoleId(db: Database, normalizedName: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.normalizedName, normalizedName), isNull(roles.tenantId)));
  return row?.id;
}

export async function addHostUserRole(db: Database, userId: string, roleId: string): Promise<void> {
  await db.insert(userRoles).values({ userId, roleId, tenantId: null }).onConflictDoNothing();
}

/** An invitation that can still be accepted: the token matches, it has not expired nor been used. */
export async function findOpenInvitationByTokenHash(db: Database, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, inviterUserId: invitations.inviterUserId })
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Marks an invitation accepted by a user, if no one accepted it yet; returns its inviter, or
 * undefined when it was already taken.
 */
export async function acceptInvitation(
  db: Database,
  invitationId: string,
  userId: string,
  now: Date,
): Promise<{ inviterUserId: string } | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning({ inviterUserId: invitations.inviterUserId });
  return row;
}
