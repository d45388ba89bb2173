import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { inTenant } from '../../platform/db/query-helpers';
import { tenantFeatures } from './tenants.schema';

/** Tenant feature values: queries only, each limited to one tenant (null: the host). */

export async function findFeatureRows(db: Database, tenantId: string | null) {
  return db
    .select({ name: tenantFeatures.name, value: tenantFeatures.value })
    .from(tenantFeatures)
    .where(inTenant(tenantFeatures.tenantId, tenantId));
}

export async function upsertFeatureValue(
  db: Database,
  tenantId: string | null,
  name: string,
  value: string,
  now: Date,
): Promise<void> {
  // The unique index treats null tenant ids as distinct, so the host's rows are replaced by hand.
  await db
    .delete(tenantFeatures)
    .where(and(inTenant(tenantFeatures.tenantId, tenantId), eq(tenantFeatures.name, name)));
  await db.insert(tenantFeatures).values({ tenantId, name, value, updatedAt: now });
}
