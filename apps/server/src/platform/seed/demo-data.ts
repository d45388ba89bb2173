import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { hashPassword } from '../auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../auth/user-names';
import { roles, userRoles } from '../../modules/roles/roles.schema';
import { tenants } from '../../modules/tenants/tenants.schema';
import { users } from '../../modules/users/users.schema';
import { seedDemoWifiNetworks } from '../../modules/wifi-networks/wifi-networks.demo-data';
import { seedDemoGeofences } from '../../modules/geofences/geofences.demo';
import { seedDemoOrganizations } from './demo-organizations';
import { seedDemoCustomers } from '../../modules/customers/customers.demo-data';
import { seedDemoDeviceState } from '../../modules/devices/devices.demo-data';
import { seedDemoCitizens } from '../../modules/citizens/citizens.demo-data';
import { seedDemoAlarms } from '../../modules/alarms/alarms.demo-data';
import { seedDemoCommandTemplates } from '../../modules/command-templates/command-templates.demo-data';
import { DEVELOPMENT_CPR_KEY } from '../config/config';
import {
  ensureHostStaticRoles,
  ensureStaticRole,
  ensureTenantAdminRole,
  FOLLOWER_PERMISSIONS,
} from './static-roles';

/** The password of every demo account (README "Demo data and logins"). */
export const DEMO_PASSWORD = 'Homeward!Demo1';
export const DEMO_TENANT_NAME = 'Demo Kommune';

interface DemoAccount {
  userName: string;
  name: string;
  tenant: 'host' | 'demo';
  role: string;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { userName: 'admin', name: 'Host Administrator', tenant: 'host', role: 'admin' },
  { userName: 'kommune.admin', name: 'Kommune Administrator', tenant: 'demo', role: 'admin' },
  { userName: 'caregiver', name: 'Karen Caregiver', tenant: 'demo', role: 'caregiver' },
  // A private customer who bought a watch and owns their account.
  { userName: 'pnp.user', name: 'Per Plug-and-Play', tenant: 'host', role: 'Plug and Play Admin' },
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
    await seedDemoWifiNetworks(tx, tenant!.id);
    await seedDemoOrganizations(tx, tenant!.id);
    for (const account of DEMO_ACCOUNTS) {
      const tenantId = account.tenant === 'demo' ? tenant!.id : null;
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
          passwordHash,
          securityStamp: newSecurityStamp(),
        })
        .returning({ id: users.id });
      const roleId = account.tenant === 'demo' ? tenantRoles[account.role] : hostRoles[account.role];
      await tx.insert(userRoles).values({ userId: user!.id, roleId: roleId!, tenantId });
    }
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
