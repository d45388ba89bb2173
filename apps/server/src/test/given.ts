import { randomBytes } from 'node:crypto';
import type { Database } from '../platform/db/database';
import { hashPassword } from '../platform/auth/password-hasher';
import { newSecurityStamp, normalizeIdentifier } from '../platform/auth/user-names';
import { permissionGrants } from '../platform/permissions/permission-grants.schema';
import { roles, userRoles } from '../modules/roles/roles.schema';
import { tenants } from '../modules/tenants/tenants.schema';
import { organizationUnits } from '../modules/organization-units/organization-units.schema';
import { customers } from '../modules/customers/customers.schema';
import { geofences } from '../modules/geofences/geofences.schema';
import { users } from '../modules/users/users.schema';

/** The password every factory user gets unless a test says otherwise; it meets the policy. */
export const GIVEN_PASSWORD = 'Given-Password1';

const unique = () => randomBytes(4).toString('hex');

export interface GivenTenant {
  id: string;
  name: string;
}
export interface GivenRole {
  id: string;
  name: string;
  tenantId: string | null;
}
export interface GivenUser {
  id: string;
  userName: string;
  email: string;
  password: string;
  tenantId: string | null;
}

/**
 * Test data factories (STYLE: every test makes its own rows, never shared fixtures). They write
 * straight to the database, as the seeding of a real deployment would; the behaviour under test
 * goes through the API.
 */
export function given(db: Database) {
  return {
    async tenant(name = `Tenant ${unique()}`): Promise<GivenTenant> {
      const [row] = await db.insert(tenants).values({ name }).returning();
      return { id: row!.id, name: row!.name };
    },

    /** A root organization unit of the tenant (devices and citizens belong to one). */
    async organization(
      tenantId: string | null,
      displayName = `Organization ${unique()}`,
    ): Promise<{ id: string }> {
      const code = String(10_000 + (randomBytes(3).readUIntBE(0, 3) % 90_000));
      const [row] = await db
        .insert(organizationUnits)
        .values({ tenantId, displayName, code })
        .returning({ id: organizationUnits.id });
      return { id: row!.id };
    },

    /** A customer of the tenant, with only a name (the other fields keep their defaults). */
    async customer(
      tenantId: string | null,
      name = `Customer ${unique()}`,
    ): Promise<{ id: string; name: string }> {
      const [row] = await db.insert(customers).values({ tenantId, name }).returning({ id: customers.id });
      return { id: row!.id, name };
    },

    /** A 200 m circle geofence of the tenant in central Aarhus. */
    async geofence(
      tenantId: string | null,
      name = `Geofence ${unique()}`,
    ): Promise<{ id: string; name: string }> {
      const [row] = await db
        .insert(geofences)
        .values({
          tenantId,
          name,
          kind: 'circle',
          centerLat: 56.1572,
          centerLon: 10.2107,
          radiusMeters: 200,
          minLat: 56.1554,
          minLon: 10.2075,
          maxLat: 56.159,
          maxLon: 10.2139,
        })
        .returning({ id: geofences.id });
      return { id: row!.id, name };
    },

    async role(
      options: { tenantId?: string | null; name?: string; permissions?: string[]; isStatic?: boolean } = {},
    ) {
      const name = options.name ?? `role-${unique()}`;
      const tenantId = options.tenantId ?? null;
      const [row] = await db
        .insert(roles)
        .values({
          tenantId,
          name,
          normalizedName: normalizeIdentifier(name),
          isStatic: options.isStatic ?? false,
        })
        .returning();
      if (options.permissions?.length) {
        await db.insert(permissionGrants).values(
          options.permissions.map((permission) => ({
            tenantId,
            name: permission,
            providerName: 'R' as const,
            providerKey: row!.id,
          })),
        );
      }
      return { id: row!.id, name, tenantId } satisfies GivenRole;
    },

    async user(
      options: {
        tenantId?: string | null;
        userName?: string;
        email?: string;
        password?: string;
        roles?: GivenRole[];
        permissions?: string[];
        emailConfirmed?: boolean;
        twoFactorEnabled?: boolean;
        totpSecret?: string;
      } = {},
    ): Promise<GivenUser> {
      const userName = options.userName ?? `user.${unique()}`;
      const email = options.email ?? `${userName}@example.com`;
      const password = options.password ?? GIVEN_PASSWORD;
      const tenantId = options.tenantId ?? null;
      const [row] = await db
        .insert(users)
        .values({
          tenantId,
          userName,
          normalizedUserName: normalizeIdentifier(userName),
          email,
          normalizedEmail: normalizeIdentifier(email),
          emailConfirmed: options.emailConfirmed ?? true,
          name: userName,
          passwordHash: await hashPassword(password),
          securityStamp: newSecurityStamp(),
          twoFactorEnabled: options.twoFactorEnabled ?? false,
          totpSecret: options.totpSecret ?? null,
        })
        .returning();
      const id = row!.id;
      if (options.roles?.length) {
        await db
          .insert(userRoles)
          .values(options.roles.map((role) => ({ userId: id, roleId: role.id, tenantId })));
      }
      if (options.permissions?.length) {
        await db.insert(permissionGrants).values(
          options.permissions.map((permission) => ({
            tenantId,
            name: permission,
            providerName: 'U' as const,
            providerKey: id,
          })),
        );
      }
      return { id, userName, email, password, tenantId };
    },
  };
}
