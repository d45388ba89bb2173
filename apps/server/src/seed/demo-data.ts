import { eq } from 'drizzle-orm';
import { PLUG_AND_PLAY_ROLES } from '@homeward/contracts';
import type { Logger } from 'pino';
import type { Database } from '../platform/db/database';
import { hashPassword } from '../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../platform/auth/user-names';
import { roles, userRoles } from '../modules/roles/roles.schema';
import { followHouseholdUnit } from '../modules/tenants/households';
import { tenants } from '../modules/tenants/tenants.schema';
import { users } from '../modules/users/users.schema';
import { seedDemoWifiNetworks } from '../modules/wifi-networks/wifi-networks.demo-data';
import { seedDemoGeofences } from '../modules/geofences/geofences.demo';
import { seedDemoOrganizations } from './demo-organizations';
import { seedDemoCustomers } from '../modules/customers/customers.demo-data';
import { seedDemoDeviceState } from '../modules/devices/devices.demo-data';
import { seedDemoCitizens } from '../modules/citizens/citizens.demo-data';
import { seedDemoAlarms } from '../modules/alarms/alarms.demo-data';
import { seedDemoCommandTemplates } from '../modules/command-templates/command-templates.demo-data';
import { DEVELOPMENT_CPR_KEY } from '../platform/config/config';
import {
  ensureHostStaticRoles,
  ensureHouseholdRoles,
  ensureStaticRole,
  ensureTenantAdminRole,
  FOLLOWER_PERMISSIONS,
} from '../modules/roles/static-roles';

/** The password of every demo account (README "Demo data and logins"). */
export const DEMO_PASSWORD = 'Homeward!Demo1';
export const DEMO_TENANT_NAME = 'Demo Kommune';
/** The caregiver's mobile number (+45 20 30 40 50), for phone sign-in in the demo. */
export const DEMO_PHONE_NUMBER = '4520304050';

export const DEMO_HOUSEHOLD_NAME = 'Familien Hansen';

interface DemoAccount {
  userName: string;
  name: string;
  tenant: 'host' | 'demo' | 'household';
  role: string;
  /** For phone sign-in (README "Phone login"): digits only, as users store it. */
  phoneNumber?: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userName: 'admin', name: 'Host Administrator', tenant: 'host', role: 'admin' },
  { userName: 'kommune.admin', name: 'Kommune Administrator', tenant: 'demo', role: 'admin' },
  {
    userName: 'caregiver',
    name: 'Karen Caregiver',
    tenant: 'demo',
    role: 'caregiver',
    phoneNumber: DEMO_PHONE_NUMBER,
  },
  // A private customer who bought a watch: the owner of the demo household.
  { userName: 'family.owner', name: 'Hanne Hansen', tenant: 'household', role: PLUG_AND_PLAY_ROLES[0] },
  // Her brother, invited into the household.
  { userName: 'pnp.user', name: 'Per Hansen', tenant: 'household', role: PLUG_AND_PLAY_ROLES[1] },
];

/**
 * Seeds the demo tenant and the demo accounts once (DEMO_DATA; on by default except in production).
 * A second start finds `admin` and changes nothing, so edits made while trying the demo survive.
 */
export async function seedDemoData(
  db: Database,
  logger?: Logger,
  /** CPR_ENCRYPTION_KEY of the deployment, so the app can read the demo citizens' numbers. */
  cprEncryptionKey: Buffer = DEVELOPMENT_CPR_KEY,
): Promise<void> {
  const hostRoles = await ensureHostStaticRoles(db);
  const [alreadySeeded] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.normalizedUserName, 'ADMIN'));
  if (alreadySeeded) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: DEMO_TENANT_NAME })
      .returning({ id: tenants.id });
    const tenantRoles: Record<string, string> = {
      admin: await ensureTenantAdminRole(tx, tenant!.id),
      caregiver: await ensureStaticRole(tx, tenant!.id, 'caregiver', FOLLOWER_PERMISSIONS),
    };
    // The caregiver role is an ordinary role the tenant admin may change or delete.
    await tx.update(roles).set({ isStatic: false }).where(eq(roles.id, tenantRoles.caregiver!));
    // A private household (a tenant of kind household, DESIGN §9) with its owner and a member.
    const [household] = await tx
      .insert(tenants)
      .values({ name: DEMO_HOUSEHOLD_NAME, kind: 'household' })
      .returning({ id: tenants.id });
    const householdRoles: Record<string, string> = await ensureHouseholdRoles(tx, household!.id);
    await seedDemoWifiNetworks(tx, tenant!.id);
    await seedDemoOrganizations(tx, tenant!.id);
    const tenantIds = { host: null, demo: tenant!.id, household: household!.id };
    const accountIds: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const tenantId = tenantIds[account.tenant];
      const email = `${account.userName}@homeward.example`;
      const [user] = await tx
        .insert(users)
        .values({
          tenantId,
          userName: account.userName,
          normalizedUserName: normalizeIdentifier(account.userName),
          email,
          normalizedEmail: normalizeIdentifier(email),
          emailConfirmed: true,
          name: account.name,
          phoneNumber: account.phoneNumber ?? null,
          passwordHash,
          securityStamp: newSecurityStamp(),
        })
        .returning({ id: users.id });
      const roleId = { host: hostRoles, demo: tenantRoles, household: householdRoles }[account.tenant][
        account.role
      ];
      await tx.insert(userRoles).values({ userId: user!.id, roleId: roleId!, tenantId });
      accountIds[account.userName] = user!.id;
    }
    await tx
      .update(tenants)
      .set({ ownerUserId: accountIds['family.owner'] })
      .where(eq(tenants.id, household!.id));
    await tx
      .update(users)
      .set({ accountOwnerId: accountIds['family.owner'] })
      .where(eq(users.id, accountIds['pnp.user']!));
    // The household's one organization unit, which both of them follow (ARCHITECTURE "Households").
    await followHouseholdUnit(tx, household!.id, [accountIds['family.owner']!, accountIds['pnp.user']!]);
    await seedDemoGeofences(tx, tenant!.id);
    await seedDemoCustomers(tx, tenant!.id);
    await seedDemoDeviceState(tx, tenant!.id);
    await seedDemoCitizens(tx, tenant!.id, cprEncryptionKey);
    await seedDemoAlarms(tx, tenant!.id);
    await seedDemoCommandTemplates(tx, tenant!.id);
  });
  // No password in a log line, not even the demo's: the README ("Demo data and logins") gives it.
  logger?.info(
    { accounts: DEMO_ACCOUNTS.map((account) => account.userName) },
    'demo data seeded; the README ("Demo data and logins") gives the accounts\' password',
  );
}
