import type { Database } from '../../platform/db/database';

/** A tenant's feature values as the configuration endpoint sends them (name → value). */
export type FeatureValues = Record<string, string | number | boolean>;

/**
 * The features in force for a tenant (null: the host), defaults applied. Feature management fills
 * this in; until then no tenant has feature values.
 */
export async function loadTenantFeatures(_db: Database, _tenantId: string | null): Promise<FeatureValues> {
  return {};
}
