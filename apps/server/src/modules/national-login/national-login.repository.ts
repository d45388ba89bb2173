import { and, eq, sql } from 'drizzle-orm';
import { FEATURE_NAMES } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { tenantFeatures, tenants } from '../tenants/tenants.schema';
import { users } from '../users/users.schema';
import {
  nationalIdentities,
  nationalLoginBrokers,
  type NationalLoginBrokerRow,
} from './national-login.schema';

export async function findBroker(
  db: Database,
  tenantId: string,
): Promise<NationalLoginBrokerRow | undefined> {
  const [row] = await db
    .select()
    .from(nationalLoginBrokers)
    .where(eq(nationalLoginBrokers.tenantId, tenantId));
  return row;
}

export async function saveBroker(db: Database, row: typeof nationalLoginBrokers.$inferInsert): Promise<void> {
  await db
    .insert(nationalLoginBrokers)
    .values(row)
    .onConflictDoUpdate({
      target: nationalLoginBrokers.tenantId,
      set: {
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecretEncrypted: row.clientSecretEncrypted,
        identityClaim: row.identityClaim,
        updatedAt: sql`now()`,
      },
    });
}

export async function deleteBroker(db: Database, tenantId: string): Promise<void> {
  await db.delete(nationalLoginBrokers).where(eq(nationalLoginBrokers.tenantId, tenantId));
}

/**
 * Tenants whose users may sign in through a broker now: national login switched on and a broker
 * configured. Read with the owner connection by the sign-in page (no tenant is known there yet).
 */
export async function findNationalLoginTenants(
  db: Database,
): Promise<{ tenantId: string; tenantName: string }[]> {
  return db
    .select({ tenantId: tenants.id, tenantName: tenants.name })
    .from(nationalLoginBrokers)
    .innerJoin(tenants, eq(tenants.id, nationalLoginBrokers.tenantId))
    .innerJoin(
      tenantFeatures,
      and(
        eq(tenantFeatures.tenantId, tenants.id),
        eq(tenantFeatures.name, FEATURE_NAMES.nationalLogin),
        eq(tenantFeatures.value, 'true'),
      ),
    )
    .orderBy(tenants.name);
}

/** The bound user of an identity (by its HMAC) in a tenant, with what sign-in checks. */
export async function findBoundUser(db: Database, tenantId: string, identityHash: string) {
  const [row] = await db
    .select({
      identityId: nationalIdentities.id,
      userId: users.id,
      userName: users.userName,
      isActive: users.isActive,
      lockoutEnd: users.lockoutEnd,
      linkedAt: nationalIdentities.linkedAt,
    })
    .from(nationalIdentities)
    .innerJoin(users, eq(users.id, nationalIdentities.userId))
    .where(and(eq(nationalIdentities.tenantId, tenantId), eq(nationalIdentities.identityHash, identityHash)));
  return row;
}

export async function markLinked(db: Database, identityId: string, at: Date): Promise<void> {
  await db
    .update(nationalIdentities)
    .set({ linkedAt: at })
    .where(and(eq(nationalIdentities.id, identityId), sql`${nationalIdentities.linkedAt} is null`));
}

export async function findIdentityOfUser(db: Database, userId: string) {
  const [row] = await db.select().from(nationalIdentities).where(eq(nationalIdentities.userId, userId));
  return row;
}
