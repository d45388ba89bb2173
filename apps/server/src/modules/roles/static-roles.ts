import { ALL_PERMISSIONS, isHostOnlyPermission, PLUG_AND_PLAY_ROLES } from '@homeward/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { normalizeIdentifier } from '../../platform/auth/user-names';
import { permissionGrants } from '../../platform/permissions/permission-grants.schema';
import { roles } from './roles.schema';

/** The administrator role every tenant (and the host) has; static, so it cannot be deleted. */
export const ADMIN_ROLE_NAME = 'admin';

/**
 * What someone who follows citizens may do: see them, their watches and geofences, and handle their
 * alarms. Plug-and-play users and a tenant's caregivers both start from this.
 */
export const FOLLOWER_PERMISSIONS = [
  'Homeward.Dashboard',
  'Homeward.Citizens',
  'Homeward.Devices',
  'Homeward.Alarms',
  'Homeward.Alarms.Acknowledge',
  'Homeward.Alarms.Handle',
  'Homeward.Geofences',
];
const PLUG_AND_PLAY_ADMIN_PERMISSIONS = [
  ...FOLLOWER_PERMISSIONS,
  'Homeward.Citizens.Create',
  'Homeward.Citizens.Edit',
  'Homeward.Citizens.Delete',
  'Homeward.Citizens.ManageDevices',
  'Homeward.Citizens.ManageGeofences',
  'Homeward.Citizens.ManageAlarmReceivers',
  'Homeward.Devices.Create',
  'Homeward.Devices.Edit',
  'Homeward.Devices.Delete',
  'Homeward.Devices.SendCommand',
  'Homeward.Devices.RequestPosition',
  'Homeward.Geofences.Create',
  'Homeward.Geofences.Edit',
  'Homeward.Geofences.Delete',
  'Homeward.Billing',
  'Homeward.Billing.ManageSubscription',
  'Homeward.Billing.ManageCards',
  'Homeward.Invoices',
  'Homeward.HouseholdMembers',
  'Homeward.HouseholdMembers.Invite',
  // The owner's inbox: billing notices (a declined charge) arrive there as well as by e-mail.
  'Homeward.Messages',
];

/** Static roles of the host: its admin (everything). */
export const HOST_STATIC_ROLES: { name: string; permissions: string[] }[] = [
  { name: ADMIN_ROLE_NAME, permissions: ALL_PERMISSIONS },
];

/**
 * Static roles of every household (spec §6, DESIGN §9): its owner is the Plug and Play Admin, the
 * members they invite are Plug and Play Users. `isPlugAndPlay` is computed from these names.
 */
export const HOUSEHOLD_STATIC_ROLES: { name: (typeof PLUG_AND_PLAY_ROLES)[number]; permissions: string[] }[] =
  [
    { name: PLUG_AND_PLAY_ROLES[0], permissions: PLUG_AND_PLAY_ADMIN_PERMISSIONS },
    { name: PLUG_AND_PLAY_ROLES[1], permissions: [...FOLLOWER_PERMISSIONS, 'Homeward.HouseholdMembers'] },
  ];

/** A tenant's admin may do everything a tenant may do; host-only permissions are never granted. */
export const TENANT_ADMIN_PERMISSIONS = ALL_PERMISSIONS.filter((name) => !isHostOnlyPermission(name));

/**
 * Makes sure a static role exists with at least the given grants, and returns its id. Idempotent:
 * start-up runs it every time, and grants an administrator removed are not forced back, except on
 * the role's first creation.
 */
export async function ensureStaticRole(
  db: Database,
  tenantId: string | null,
  name: string,
  permissions: readonly string[],
): Promise<string> {
  return db.transaction(async (tx) => {
    const normalizedName = normalizeIdentifier(name);
    const [existing] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          tenantId ? eq(roles.tenantId, tenantId) : isNull(roles.tenantId),
          eq(roles.normalizedName, normalizedName),
        ),
      );
    if (existing) return existing.id;
    const [created] = await tx
      .insert(roles)
      .values({ tenantId, name, normalizedName, isStatic: true, isPublic: true })
      .returning({ id: roles.id });
    if (permissions.length) {
      await tx
        .insert(permissionGrants)
        .values(
          permissions.map((permission) => ({
            tenantId,
            name: permission,
            providerName: 'R' as const,
            providerKey: created!.id,
          })),
        )
        .onConflictDoNothing();
    }
    return created!.id;
  });
}

/** The host's static roles; run at every start-up, in every deployment. */
export async function ensureHostStaticRoles(db: Database): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const role of HOST_STATIC_ROLES)
    ids[role.name] = await ensureStaticRole(db, null, role.name, role.permissions);
  return ids;
}

/**
 * A household's static roles by name. Run as the household (row-level security); an organization's
 * seeds (the admin role, contact roles, features) are skipped for this kind.
 */
export async function ensureHouseholdRoles(
  db: Database,
  tenantId: string,
): Promise<Record<(typeof PLUG_AND_PLAY_ROLES)[number], string>> {
  const [admin, user] = PLUG_AND_PLAY_ROLES;
  const permissionsOf = (name: string) =>
    HOUSEHOLD_STATIC_ROLES.find((role) => role.name === name)!.permissions;
  return {
    [admin]: await ensureStaticRole(db, tenantId, admin, permissionsOf(admin)),
    [user]: await ensureStaticRole(db, tenantId, user, permissionsOf(user)),
  } as Record<(typeof PLUG_AND_PLAY_ROLES)[number], string>;
}

/** A tenant's admin role; tenant creation and the demo seed call it. */
export function ensureTenantAdminRole(db: Database, tenantId: string): Promise<string> {
  return ensureStaticRole(db, tenantId, ADMIN_ROLE_NAME, TENANT_ADMIN_PERMISSIONS);
}
