import type { Database } from '../../platform/db/database';
import { engineFenceOf, type EngineFence } from './geofence-engine';
import {
  findCitizenFenceVersions,
  findFenceVersions,
  findGeofencesByIds,
} from './geofence-engine.repository';

/** Fences kept at most; beyond it the cache starts over (simple, and bounded). */
const MAX_CACHED_FENCES = 100_000;

/**
 * Engine shapes of stored geofences by id and version (`updated_at`): every batch asks the
 * database which fences guard its wearers and at which version, so an edited, unlinked or deleted
 * fence takes effect with the next report; only the geometry of an unchanged fence is reused. Ids
 * come from the tenant-scoped query first, so the cache never answers across tenants.
 */
const cachedFences = new Map<string, { version: number; fence: EngineFence }>();

/** A wearer to guard: the citizen and the default geofence of their watch's organization. */
export interface Wearer {
  citizenId: string;
  organizationGeofenceId: string | null;
}

/**
 * Each wearer's fences, by citizen id: the citizen's linked geofences, or else the default
 * geofence of the watch's organization. Two queries for the ids and versions, and one more only
 * for the geometry not cached at its version.
 */
export async function loadWearerFences(
  db: Database,
  tenantId: string | null,
  wearers: Wearer[],
): Promise<Map<string, EngineFence[]>> {
  const citizenIds = [...new Set(wearers.map((wearer) => wearer.citizenId))];
  const linked = await findCitizenFenceVersions(db, tenantId, citizenIds);
  const idsOf = new Map<string, string[]>();
  const versions = new Map<string, number>();
  for (const row of linked) {
    idsOf.set(row.citizenId, [...(idsOf.get(row.citizenId) ?? []), row.geofenceId]);
    versions.set(row.geofenceId, row.updatedAt.getTime());
  }
  const fallbacks = new Map<string, string>();
  for (const wearer of wearers) {
    if (!idsOf.has(wearer.citizenId) && wearer.organizationGeofenceId) {
      fallbacks.set(wearer.citizenId, wearer.organizationGeofenceId);
    }
  }
  for (const row of await findFenceVersions(db, tenantId, [...new Set(fallbacks.values())])) {
    versions.set(row.geofenceId, row.updatedAt.getTime());
  }
  for (const [citizenId, geofenceId] of fallbacks) {
    if (versions.has(geofenceId)) idsOf.set(citizenId, [geofenceId]);
  }

  const stale = [...versions].filter(([id, version]) => cachedFences.get(id)?.version !== version);
  if (stale.length > 0) {
    if (cachedFences.size + stale.length > MAX_CACHED_FENCES) cachedFences.clear();
    const rows = await findGeofencesByIds(
      db,
      tenantId,
      stale.map(([id]) => id),
    );
    for (const row of rows) {
      cachedFences.set(row.id, { version: row.updatedAt.getTime(), fence: engineFenceOf(row) });
    }
  }
  const fencesOf = new Map<string, EngineFence[]>();
  for (const [citizenId, ids] of idsOf) {
    // A fence edited between the two reads is used as last read (newer); a deleted one is gone.
    const fences = ids.flatMap((id) => {
      const cached = cachedFences.get(id);
      return cached ? [cached.fence] : [];
    });
    fencesOf.set(citizenId, fences);
  }
  return fencesOf;
}
