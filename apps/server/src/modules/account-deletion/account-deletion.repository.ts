import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { devices } from '../devices/devices.schema';
import { countUserActionsSince } from '../security-logs';
import { tenants } from '../tenants/tenants.schema';
import { invitations, users } from '../users/users.schema';

/*
 * Deleting one's own account. Every query names the user and their household, and runs in the
 * user's own tenant scope (profile-scope.ts), where row-level security agrees.
 */

/** The household and its owner (tenants.repository.ts). */
export { findHousehold } from '../tenants';

/** How many other people and open invitations the household has besides `ownerUserId`. */
export async function countOthers(db: Database, householdId: string, ownerUserId: string): Promise<number> {
  const [people] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, householdId), ne(users.id, ownerUserId)));
  const [invited] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.tenantId, householdId), isNull(invitations.acceptedAt)));
  return (people?.n ?? 0) + (invited?.n ?? 0);
}

/** The household's watches that came from a seller's stock (connected with their code). */
export async function findConnectedWatchIds(db: Database, householdId: string): Promise<string[]> {
  const rows = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(eq(devices.tenantId, householdId), isNotNull(devices.sellerTenantId)));
  return rows.map((row) => row.id);
}

/** Wrong passwords given to delete the account (or to change the password) since `since`. */
export function countPasswordFailures(db: Database, userId: string, since: Date): Promise<number> {
  return countUserActionsSince(db, userId, ['AccountDeletionFailed', 'PasswordChangeFailed'], since);
}

export async function deleteUser(db: Database, householdId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, householdId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Deletes the household owned by `ownerUserId` with everything it owns (foreign keys cascade: its
 * people, citizens, geofences, positions, alarms, roles, ...).
 */
export async function deleteHousehold(db: Database, householdId: string, ownerUserId: string) {
  const rows = await db
    .delete(tenants)
    .where(
      and(eq(tenants.id, householdId), eq(tenants.kind, 'household'), eq(tenants.ownerUserId, ownerUserId)),
    )
    .returning({ id: tenants.id });
  return rows.length > 0;
}

/**
 * Replaces what the kept records say about the deleted person (migration 0052,
 * `homeward_erase_deleted_user_traces`); it refuses while the person or household still exists.
 */
export async function eraseDeletedUserTraces(
  db: Database,
  erased: { userId: string; identifiers: string[]; replacement: string; householdId: string | null },
): Promise<boolean> {
  const identifiers = sql`ARRAY[${sql.join(
    erased.identifiers.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await selectRows<{ erased: boolean }>(
    db,
    sql`select homeward_erase_deleted_user_traces(${erased.userId}::uuid, ${identifiers}, ${erased.replacement}, ${erased.householdId}::uuid) as erased`,
  );
  return row?.erased === true;
}
