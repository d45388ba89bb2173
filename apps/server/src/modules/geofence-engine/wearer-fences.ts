import type { Database } from '../../platform/db/database';
import { engineFenceOf, type EngineFence } from './geofence-engine';
import {
  findCitizenFenceVersions,
  findFenceVersions,
  findGeofencesByIds,
} from './geofence-engine.repository';

/** Entries kept at most in each cache; beyond it the cache starts over (simple, and bounded). */
const MAX_CACHED = 100_000;

/**
 * The fences guarding each citizen (their linked ones; an empty list when none are linked) and the
 * organizations' default fences (null: the tenant has no such fence), as read at one geofence
 * generation (`geofence_generation`, moved in the same transaction as every change to geofences or
 * links). Within a generation no fence or link changes, so what was read stays true. Keys carry the
 * tenant, and entries come from that tenant's scoped queries.
 */
interface GenerationCache {
  generation: number;
  citizenFences: Map<string, EngineFence[]>;
  organizationFences: Map<string, EngineFence | null>;
}

const emptyCache = (generation: number): GenerationCache => ({
  generation,
  citizenFences: new Map(),
  organizationFences: new Map(),
});

/** A wearer to guard: the citizen and the default geofence of their watch's organization. */
export interface Wearer {
  citizenId: string;
  organizationGeofenceId: string | null;
}

const keyOf = (tenantId: string | null, id: string) => `${tenantId ?? 'host'}|${id}`;

/**
 * The geofence engine's memory of wearers' fences, one per telemetry pipeline (so two apps in one
 * process never read each other's): the generation cache above, and the engine shapes of stored
 * geofences by id and version (`updated_at`), so only the geometry of a fence that changed is read
 * again. Ids come from tenant-scoped queries first, so the cache never answers across tenants.
 */
export class WearerFenceCache {
  private readonly shapes = new Map<string, { version: number; fence: EngineFence }>();
  private current = emptyCache(-1);

  /**
   * The cache for a batch that read `generation`. A newer generation starts a new cache; a batch
   * that read an older one (it began before a change another batch has already seen) works on a
   * cache of its own, so it never stores what it read into the newer one.
   */
  private cacheAt(generation: number): GenerationCache {
    const current = this.current;
    const full = current.citizenFences.size + current.organizationFences.size > MAX_CACHED;
    if (generation > current.generation || (generation === current.generation && full)) {
      this.current = emptyCache(generation);
    }
    return generation === this.current.generation ? this.current : emptyCache(generation);
  }

  /**
   * Each wearer's fences, by citizen id: the citizen's linked geofences, or else the default
   * geofence of the watch's organization, at the geofence `generation` the caller read in this
   * transaction (before this). The links, versions and geometry are read only for what this
   * generation has not seen yet. So an edited, linked, unlinked or deleted fence takes effect with
   * the next batch, and a batch of known wearers costs no query at all.
   */
  async load(
    db: Database,
    tenantId: string | null,
    wearers: Wearer[],
    generation: number,
  ): Promise<Map<string, EngineFence[]>> {
    const cache = this.cacheAt(generation);
    const key = (id: string) => keyOf(tenantId, id);

    const newCitizens = [...new Set(wearers.map((wearer) => wearer.citizenId))].filter(
      (citizenId) => !cache.citizenFences.has(key(citizenId)),
    );
    if (newCitizens.length > 0) {
      const links = await findCitizenFenceVersions(db, tenantId, newCitizens);
      const shapes = await this.shapesAt(db, tenantId, links);
      for (const citizenId of newCitizens) cache.citizenFences.set(key(citizenId), []);
      for (const link of links) {
        const shape = shapes.get(link.geofenceId);
        if (shape) cache.citizenFences.get(key(link.citizenId))!.push(shape);
      }
    }

    const newOrganizationFences = [
      ...new Set(
        wearers.flatMap(({ citizenId, organizationGeofenceId }) =>
          organizationGeofenceId &&
          cache.citizenFences.get(key(citizenId))!.length === 0 &&
          !cache.organizationFences.has(key(organizationGeofenceId))
            ? [organizationGeofenceId]
            : [],
        ),
      ),
    ];
    if (newOrganizationFences.length > 0) {
      const versions = await findFenceVersions(db, tenantId, newOrganizationFences);
      const shapes = await this.shapesAt(db, tenantId, versions);
      // A fence the tenant does not have (deleted, or never its own) is remembered as missing.
      for (const geofenceId of newOrganizationFences) {
        cache.organizationFences.set(key(geofenceId), shapes.get(geofenceId) ?? null);
      }
    }

    const fencesOf = new Map<string, EngineFence[]>();
    for (const { citizenId, organizationGeofenceId } of wearers) {
      const linked = cache.citizenFences.get(key(citizenId))!;
      if (linked.length > 0) {
        fencesOf.set(citizenId, linked);
      } else if (organizationGeofenceId) {
        const fallback = cache.organizationFences.get(key(organizationGeofenceId));
        if (fallback) fencesOf.set(citizenId, [fallback]);
      }
    }
    return fencesOf;
  }

  /** The engine shapes of fences at their versions: cached ones as they are, the rest read. */
  private async shapesAt(
    db: Database,
    tenantId: string | null,
    wanted: { geofenceId: string; updatedAt: Date }[],
  ): Promise<Map<string, EngineFence>> {
    const stale = wanted.filter(
      ({ geofenceId, updatedAt }) => this.shapes.get(geofenceId)?.version !== updatedAt.getTime(),
    );
    if (stale.length > 0) {
      if (this.shapes.size + stale.length > MAX_CACHED) this.shapes.clear();
      const rows = await findGeofencesByIds(
        db,
        tenantId,
        stale.map(({ geofenceId }) => geofenceId),
      );
      for (const row of rows) {
        this.shapes.set(row.id, { version: row.updatedAt.getTime(), fence: engineFenceOf(row) });
      }
    }
    const shapes = new Map<string, EngineFence>();
    // A fence edited between the reads is used as last read (newer); a deleted one is left out.
    for (const { geofenceId } of wanted) {
      const cached = this.shapes.get(geofenceId);
      if (cached) shapes.set(geofenceId, cached.fence);
    }
    return shapes;
  }
}
