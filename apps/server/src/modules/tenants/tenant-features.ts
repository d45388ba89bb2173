import { FEATURES, findFeature, parseFeatureValue, type FeatureValue } from '@homeward/contracts';
import type { Database } from '../../platform/db/database';
import { findFeatureRows, upsertFeatureValue } from './tenant-features.repository';

/** A tenant's feature values as the configuration endpoint sends them (name → value). */
export type FeatureValues = Record<string, FeatureValue>;

/**
 * The features in force for a tenant (null: the host): every feature of the catalogue, the
 * tenant's stored value where it has one and parses, else the default.
 */
export async function loadTenantFeatures(db: Database, tenantId: string | null): Promise<FeatureValues> {
  const rows = await findFeatureRows(db, tenantId);
  const values: FeatureValues = {};
  for (const feature of FEATURES) {
    const row = rows.find((stored) => stored.name === feature.name);
    values[feature.name] = row ? parseFeatureValue(feature, row.value) : feature.default;
  }
  return values;
}

/** One feature's value in force for a tenant. */
export async function loadTenantFeature<T extends FeatureValue>(
  db: Database,
  tenantId: string | null,
  name: string,
): Promise<T> {
  return (await loadTenantFeatures(db, tenantId))[name] as T;
}

/** Stores already validated values (see `zUpdateTenantFeaturesRequest`); call inside a transaction. */
export async function saveTenantFeatures(
  db: Database,
  tenantId: string | null,
  values: FeatureValues,
  now: Date,
): Promise<void> {
  for (const [name, value] of Object.entries(values)) {
    if (!findFeature(name)) continue;
    await upsertFeatureValue(db, tenantId, name, String(value), now);
  }
}
