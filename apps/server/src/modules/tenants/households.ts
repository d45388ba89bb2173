import { PLUG_AND_PLAY_ROLES } from '@homeward/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { ensureHouseholdRoles } from '../roles';
import { actAsTenant } from '../../platform/tenancy/act-as-tenant';
import { organizationUnits, userOrganizationUnits } from '../organization-units/organization-units.schema';
import { userRoles } from '../roles/roles.schema';
import { tenants } from './tenants.schema';
import * as repository from './tenants.repository';

/**
 * Households (plug-and-play, DESIGN §9): a tenant of kind `household` per private registration.
 * Its owner is the person who registered; the members they invite join the same tenant. Row-level
 * security isolates households as it isolates organizations.
 *
 * Citizens, devices, alarms and the realtime hub scope by organization unit, so a household has
 * exactly one unit, named after it and never shown in the plug-and-play UI: its people follow it,
 * its citizens and connected watches belong to it (migration 0050, ARCHITECTURE "Households").
 */

/** The code of a household's one organization unit (a root unit's first code). */
export const HOUSEHOLD_UNIT_CODE = '00001';

export type HouseholdRole = (typeof PLUG_AND_PLAY_ROLES)[number];

/** A host user becoming a household member: who they are. */
export interface HouseholdPerson {
  id: string;
  userName: string;
  name: string | null;
}

/**
 * The household's name: the owner's full name, unique among tenants (names are unique ignoring
 * case). A second "Anna Jensen" gets her user name added, which is unique system-wide.
 */
async function householdNameFor(db: Database, owner: HouseholdPerson): Promise<string> {
  const fullName = owner.name?.trim() || owner.userName;
  for (const candidate of [fullName, `${fullName} (${owner.userName})`]) {
    if (!(await repository.isTenantNameTaken(db, candidate))) return candidate;
  }
  return `${fullName} (${owner.id})`;
}

/**
 * Creates a household owned by `owner` (a host user) with its static roles, and moves the owner in
 * as its Plug and Play Admin. Runs inside the caller's transaction, in the host's scope; returns
 * the household's id.
 */
export async function createHousehold(db: Database, owner: HouseholdPerson, now: Date): Promise<string> {
  const values = { kind: 'household' as const, ownerUserId: owner.id, createdAt: now, updatedAt: now };
  const name = await householdNameFor(db, owner);
  // A namesake confirming at the same moment may take the name between the check and the insert
  // (the savepoint keeps the transaction usable); the owner's id is unique for certain.
  const householdId = await db
    .transaction((savepoint) => repository.insertTenant(savepoint, { ...values, name }))
    .catch((error: unknown) => {
      const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string };
      if (cause.code !== '23505') throw error;
      return repository.insertTenant(db, {
        ...values,
        name: `${owner.name?.trim() || owner.userName} (${owner.id})`,
      });
    });
  await joinHousehold(db, householdId, owner.id, PLUG_AND_PLAY_ROLES[0]);
  return householdId;
}

/**
 * Moves a host user into a household with one of its plug-and-play roles. The move itself goes
 * through `homeward_move_user_into_household` (migration 0046): no scope may move a row from the
 * host into a tenant. The role is granted as the household (its static roles are seeded here too,
 * idempotently, so a household made before a role existed still gets it).
 */
export async function joinHousehold(
  db: Database,
  householdId: string,
  userId: string,
  role: HouseholdRole,
): Promise<void> {
  const [moved] = await selectRows<{ moved: boolean }>(
    db,
    sql`select homeward_move_user_into_household(${userId}, ${householdId}) as moved`,
  );
  if (!moved?.moved) throw new Error('the user could not be moved into the household');
  await actAsTenant(db, householdId, async (asHousehold) => {
    const roleIds = await ensureHouseholdRoles(asHousehold, householdId);
    await asHousehold
      .insert(userRoles)
      .values({ userId, roleId: roleIds[role], tenantId: householdId })
      .onConflictDoNothing();
    await followHouseholdUnit(asHousehold, householdId, [userId]);
  });
}

/**
 * The household's one organization unit, made (named after the household) if it has none yet. Run
 * as the household.
 */
export async function ensureHouseholdUnit(asHousehold: Database, householdId: string): Promise<string> {
  const [existing] = await asHousehold
    .select({ id: organizationUnits.id })
    .from(organizationUnits)
    .where(eq(organizationUnits.tenantId, householdId))
    .orderBy(asc(organizationUnits.code))
    .limit(1);
  if (existing) return existing.id;
  const [household] = await asHousehold
    .select({ name: tenants.name })
    .from(tenants)
    .where(eq(tenants.id, householdId));
  const [unit] = await asHousehold
    .insert(organizationUnits)
    .values({ tenantId: householdId, code: HOUSEHOLD_UNIT_CODE, displayName: household?.name ?? householdId })
    .returning({ id: organizationUnits.id });
  return unit!.id;
}

/**
 * Makes people of the household members of its unit, so they follow its citizens, watches and
 * alarms (the realtime hub, lists). Run as the household; idempotent.
 */
export async function followHouseholdUnit(
  asHousehold: Database,
  householdId: string,
  userIds: string[],
): Promise<string> {
  const unitId = await ensureHouseholdUnit(asHousehold, householdId);
  if (userIds.length > 0) {
    await asHousehold
      .insert(userOrganizationUnits)
      .values(userIds.map((userId) => ({ userId, organizationUnitId: unitId, tenantId: householdId })))
      .onConflictDoNothing();
  }
  return unitId;
}

/** The household `ownerUserId` owns, if any. */
export function findOwnedHousehold(db: Database, ownerUserId: string) {
  return repository.findOwnedHousehold(db, ownerUserId);
}
