import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { userRoles } from '../roles/roles.schema';
import { tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';
import { accountTransfers } from './account-transfer.schema';

/*
 * A household's transfer. Every query names the household (the caller's own tenant) and runs in its
 * scope, where row-level security hides every other household's rows too.
 */

/** The household and its owner (tenants.repository.ts). */
export { findHousehold } from '../tenants';

const personColumns = { id: users.id, name: users.name, userName: users.userName, email: users.email };

/**
 * The household's activated members other than `exceptUserId` (the owner): people of the household
 * with a confirmed e-mail and an active account. An invited person who has not activated is not a
 * user of the household yet (registration moves them in on confirming), so they are never here.
 */
export function findActivatedMembers(db: Database, householdId: string, exceptUserId: string) {
  return db
    .select(personColumns)
    .from(users)
    .where(
      and(
        eq(users.tenantId, householdId),
        ne(users.id, exceptUserId),
        eq(users.emailConfirmed, true),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
}

export function findPeople(db: Database, householdId: string, ids: string[]) {
  return db
    .select(personColumns)
    .from(users)
    .where(and(eq(users.tenantId, householdId), inArray(users.id, ids)));
}

export async function findPendingTransfer(db: Database, householdId: string, now: Date) {
  const [row] = await db
    .select()
    .from(accountTransfers)
    .where(and(eq(accountTransfers.tenantId, householdId), gt(accountTransfers.expiresAt, now)));
  return row;
}

/** Saves the household's transfer, replacing an earlier one (its link stops working). */
export async function saveTransfer(
  db: Database,
  transfer: {
    tenantId: string;
    fromUserId: string;
    toUserId: string;
    tokenHash: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const { tenantId: _tenantId, ...replaced } = transfer;
  await db
    .insert(accountTransfers)
    .values(transfer)
    .onConflictDoUpdate({ target: accountTransfers.tenantId, set: replaced });
}

export async function deleteTransfer(db: Database, householdId: string): Promise<boolean> {
  const rows = await db
    .delete(accountTransfers)
    .where(eq(accountTransfers.tenantId, householdId))
    .returning({ id: accountTransfers.id });
  return rows.length > 0;
}

/**
 * Uses the transfer up: deletes it and returns it when the link's two people, its token and its
 * time all match. One statement, so a link opened twice at once transfers once.
 */
export async function consumeTransfer(
  db: Database,
  link: { householdId: string; fromUserId: string; toUserId: string; tokenHash: string; now: Date },
) {
  const [row] = await db
    .delete(accountTransfers)
    .where(
      and(
        eq(accountTransfers.tenantId, link.householdId),
        eq(accountTransfers.fromUserId, link.fromUserId),
        eq(accountTransfers.toUserId, link.toUserId),
        eq(accountTransfers.tokenHash, link.tokenHash),
        gt(accountTransfers.expiresAt, link.now),
      ),
    )
    .returning();
  return row;
}

/** Moves the household's ownership, only from its current owner; false when that is not `fromUserId`. */
export async function moveOwnership(
  db: Database,
  householdId: string,
  fromUserId: string,
  toUserId: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(tenants)
    .set({ ownerUserId: toUserId, updatedAt: now })
    .where(
      and(eq(tenants.id, householdId), eq(tenants.kind, 'household'), eq(tenants.ownerUserId, fromUserId)),
    )
    .returning({ id: tenants.id });
  return rows.length > 0;
}

/** Gives a person of the household exactly one of its roles (`roleId`) in place of `otherRoleId`. */
export async function swapRole(
  db: Database,
  householdId: string,
  userId: string,
  roleId: string,
  otherRoleId: string,
): Promise<void> {
  await db
    .delete(userRoles)
    .where(
      and(
        eq(userRoles.tenantId, householdId),
        eq(userRoles.userId, userId),
        eq(userRoles.roleId, otherRoleId),
      ),
    );
  await db.insert(userRoles).values({ userId, roleId, tenantId: householdId }).onConflictDoNothing();
}
