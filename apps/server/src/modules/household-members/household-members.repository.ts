import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { invitations, users } from '../users/users.schema';

/*
 * Queries of a household's members and invitations. Every query names the household (the caller's
 * tenant) and runs in the request's tenant scope, where row-level security hides every other
 * household's rows as well.
 */

/** The household and its owner (tenants.repository.ts). */
export { findHousehold } from '../tenants';

/** The household's people, oldest first (the owner registered first). */
export function findMembers(db: Database, householdId: string) {
  return db
    .select({
      id: users.id,
      name: users.name,
      userName: users.userName,
      email: users.email,
      accountOwnerId: users.accountOwnerId,
    })
    .from(users)
    .where(eq(users.tenantId, householdId))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Some of the household's people by id (who invited whom). */
export function findPeople(db: Database, householdId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: users.id, name: users.name, userName: users.userName, email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, householdId), inArray(users.id, ids)));
}

/** The household's invitations nobody accepted yet, newest first. */
export function findOpenInvitations(db: Database, householdId: string) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      inviterUserId: invitations.inviterUserId,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      receivesAlarms: invitations.receivesAlarms,
    })
    .from(invitations)
    .where(and(eq(invitations.tenantId, householdId), isNull(invitations.acceptedAt)))
    .orderBy(sql`${invitations.createdAt} desc`, asc(invitations.id));
}

/** One invitation of the household that nobody accepted yet. */
export async function findOpenInvitation(db: Database, householdId: string, id: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(eq(invitations.id, id), eq(invitations.tenantId, householdId), isNull(invitations.acceptedAt)),
    );
  return row;
}

/** Whether the household has an unexpired, unaccepted invitation for a (normalized) address. */
export async function hasOpenInvitationFor(
  db: Database,
  householdId: string,
  normalizedEmail: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.tenantId, householdId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
        sql`upper(${invitations.email}) = ${normalizedEmail}`,
      ),
    )
    .limit(1);
  return !!row;
}

/** Whether a (normalized) address belongs to one of the household's people. */
export async function isMemberEmail(db: Database, householdId: string, normalizedEmail: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, householdId), eq(users.normalizedEmail, normalizedEmail)));
  return !!row;
}

/** Expired invitations for an address: a new one replaces them, so the list shows one line. */
export async function deleteExpiredInvitationsFor(
  db: Database,
  householdId: string,
  normalizedEmail: string,
  now: Date,
): Promise<void> {
  await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.tenantId, householdId),
        isNull(invitations.acceptedAt),
        sql`${invitations.expiresAt} <= ${now.toISOString()}::timestamptz`,
        sql`upper(${invitations.email}) = ${normalizedEmail}`,
      ),
    );
}

export async function insertInvitation(
  db: Database,
  values: {
    tenantId: string;
    inviterUserId: string;
    email: string;
    tokenHash: string;
    receivesAlarms: boolean;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<{ id: string }> {
  const [row] = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return row!;
}

/** A new token and expiry for an open invitation (the old link stops working). */
export async function renewInvitation(
  db: Database,
  householdId: string,
  id: string,
  values: { tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set(values)
    .where(and(eq(invitations.id, id), eq(invitations.tenantId, householdId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/**
 * Deletes an open invitation and any registration made with it but not yet confirmed (migration
 * 0051, `homeward_delete_invited_registrations`); false when there was no such invitation.
 */
export async function deleteOpenInvitation(db: Database, householdId: string, id: string): Promise<boolean> {
  await selectRows(db, sql`select homeward_delete_invited_registrations(${id}::uuid) as deleted`);
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.tenantId, householdId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** The user who invited `userId` into the household (their `account_owner_id`), if any. */
export async function findInviterOf(db: Database, householdId: string, userId: string) {
  const [row] = await db
    .select({ accountOwnerId: users.accountOwnerId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, householdId)));
  if (!row?.accountOwnerId) return undefined;
  const [inviter] = await findPeople(db, householdId, [row.accountOwnerId]);
  return inviter;
}
