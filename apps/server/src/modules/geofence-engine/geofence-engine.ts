import type { GeofenceRow } from '../geofences/geofences.schema';
import { indexFences, type FenceIndex } from './fence-index';
import { signedEdgeDistance, type FenceShape } from './geometry';
import {
  trackFence,
  UNTRACKED,
  type FenceCrossing,
  type FenceTracking,
  type GeofenceState,
} from './hysteresis';

/** A fence with its id, ready for the engine. */
export type EngineFence = FenceShape & { id: string };

/** A stored geofence as the engine's shape. */
export function engineFenceOf(row: GeofenceRow): EngineFence {
  const box = { minLat: row.minLat, minLon: row.minLon, maxLat: row.maxLat, maxLon: row.maxLon };
  return row.kind === 'circle'
    ? {
        id: row.id,
        kind: 'circle',
        centerLat: row.centerLat!,
        centerLon: row.centerLon!,
        radiusMeters: row.radiusMeters!,
        ...box,
      }
    : { id: row.id, kind: 'polygon', ring: row.polygon!.coordinates[0]!, ...box };
}

export interface EnginePosition {
  latitude: number;
  longitude: number;
  /** The fix's accuracy radius in metres; 0 when it gave none. */
  accuracyMeters: number;
}

/**
 * Signed edge distances (negative inside) of the fences near a position. A fence not listed is
 * farther than the accuracy radius from the point, i.e. clearly outside: the pre-filter answered.
 */
export function nearFenceDistances<T extends EngineFence>(
  index: FenceIndex<T>,
  position: EnginePosition,
): Map<string, number> {
  const distances = new Map<string, number>();
  index.forEachNear(position.latitude, position.longitude, position.accuracyMeters, (fence) => {
    distances.set(fence.id, signedEdgeDistance(fence, position.latitude, position.longitude));
  });
  return distances;
}

/** Where one position leaves each of a device's fences, and the crossings it made. */
export interface FenceEvaluation {
  next: Map<string, FenceTracking>;
  changed: string[];
  crossings: { geofenceId: string; crossing: FenceCrossing }[];
}

/**
 * One position against a device's fences: the pre-filter, the exact test of the near ones, then
 * hysteresis per fence from its previous tracking (untracked fences start `unknown`).
 */
export function evaluatePosition(
  fences: readonly EngineFence[],
  previous: ReadonlyMap<string, FenceTracking>,
  position: EnginePosition,
  confirmations: number,
): FenceEvaluation {
  const distances = nearFenceDistances(indexFences(fences), position);
  const result: FenceEvaluation = { next: new Map(), changed: [], crossings: [] };
  for (const fence of fences) {
    const before = previous.get(fence.id) ?? UNTRACKED;
    const { next, crossing } = trackFence(
      before,
      distances.get(fence.id) ?? Infinity,
      position.accuracyMeters,
      confirmations,
    );
    result.next.set(fence.id, next);
    if (
      next.state !== before.state ||
      next.consecutiveInside !== before.consecutiveInside ||
      next.consecutiveOutside !== before.consecutiveOutside
    ) {
      result.changed.push(fence.id);
    }
    if (crossing) result.crossings.push({ geofenceId: fence.id, crossing });
  }
  return result;
}

/**
 * Whether a citizen is safe: inside at least one of their fences is `inside`; outside every one
 * (all decided) is `outside`; otherwise (some still `unknown`) undecided, null.
 */
export function citizenPlacement(states: readonly GeofenceState[]): 'inside' | 'outside' | null {
  if (states.includes('inside')) return 'inside';
  if (states.length > 0 && states.every((state) => state === 'outside')) return 'outside';
  return null;
}
