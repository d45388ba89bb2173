import {
  ROUTE_STOP_MIN_MINUTES,
  ROUTE_STOP_RADIUS_METERS,
  type RouteCrossingKind,
} from '@homeward/contracts';
import {
  type FenceShape,
  type FenceTracking,
  haversineMeters,
  signedEdgeDistance,
  trackFence,
  UNTRACKED,
} from '../geofence-engine';

/**
 * The analysis of a day's track (issue 21, route history), pure: stops, geofence crossings and
 * thinning. Every function takes the fixes ordered by time.
 */

/** One fix: epoch milliseconds, place, and its accuracy radius in metres (0 when the fix gave none). */
export interface TrackFix {
  at: number;
  lat: number;
  lon: number;
  accuracyMeters: number;
}

export interface TrackStop {
  /** Index of the stop's first and last fix. */
  first: number;
  last: number;
  start: number;
  end: number;
  lat: number;
  lon: number;
}

export interface StopRule {
  radiusMeters: number;
  minMilliseconds: number;
}

export const DEFAULT_STOP_RULE: StopRule = {
  radiusMeters: ROUTE_STOP_RADIUS_METERS,
  minMilliseconds: ROUTE_STOP_MIN_MINUTES * 60_000,
};

/**
 * Stops: runs of fixes that all lie within `radiusMeters` of the run's first fix and span at least
 * `minMilliseconds` from first to last. A run ends at the first fix outside the radius; a run too
 * short to be a stop is dropped and the search starts again at its second fix. The stop's place is
 * the average of its fixes. A gap in reporting inside the radius (the watch off at home) still
 * counts: the person was there before and after.
 */
export function detectStops(fixes: readonly TrackFix[], rule: StopRule = DEFAULT_STOP_RULE): TrackStop[] {
  const stops: TrackStop[] = [];
  let first = 0;
  while (first < fixes.length) {
    const anchor = fixes[first]!;
    let last = first;
    while (
      last + 1 < fixes.length &&
      haversineMeters(anchor.lat, anchor.lon, fixes[last + 1]!.lat, fixes[last + 1]!.lon) <= rule.radiusMeters
    ) {
      last += 1;
    }
    if (fixes[last]!.at - anchor.at >= rule.minMilliseconds) {
      let latSum = 0;
      let lonSum = 0;
      for (let index = first; index <= last; index += 1) {
        latSum += fixes[index]!.lat;
        lonSum += fixes[index]!.lon;
      }
      const count = last - first + 1;
      stops.push({
        first,
        last,
        start: anchor.at,
        end: fixes[last]!.at,
        lat: latSum / count,
        lon: lonSum / count,
      });
      first = last + 1;
    } else {
      first += 1;
    }
  }
  return stops;
}

export interface TrackCrossing {
  /** Index of the fix that decided the crossing. */
  index: number;
  fenceId: string;
  kind: RouteCrossingKind;
}

/**
 * Exits and entries of each fence along the track, decided as the geofence engine decides them
 * (hysteresis: a fix outside by more than its accuracy, or `confirmations` fixes in a row on the
 * new side), so the route shows the same crossings the alarms were raised on. Where the day starts
 * is a state, not a crossing. Ordered by fix, then by fence as given.
 */
export function findCrossings(
  fixes: readonly TrackFix[],
  fences: readonly (FenceShape & { id: string })[],
  confirmations: number,
): TrackCrossing[] {
  const crossings: TrackCrossing[] = [];
  const tracking: FenceTracking[] = fences.map(() => UNTRACKED);
  fixes.forEach((fix, index) => {
    fences.forEach((fence, fenceIndex) => {
      const edgeDistance = signedEdgeDistance(fence, fix.lat, fix.lon);
      const { next, crossing } = trackFence(
        tracking[fenceIndex]!,
        edgeDistance,
        fix.accuracyMeters,
        confirmations,
      );
      tracking[fenceIndex] = next;
      if (crossing)
        crossings.push({ index, fenceId: fence.id, kind: crossing === 'enter' ? 'entry' : 'exit' });
    });
  });
  return crossings;
}

/**
 * At most `maxPoints` indexes of `count` points, evenly spread, the first and last always kept,
 * and every index in `keep` (the fixes that start or end a stop or decide a crossing) kept too,
 * so the thinned track still passes through every marker. Returns every index when under the bound.
 */
export function thinTrack(count: number, maxPoints: number, keep: Iterable<number> = []): number[] {
  if (count <= maxPoints) return Array.from({ length: count }, (_, index) => index);
  const chosen = new Set<number>(keep);
  chosen.add(0);
  chosen.add(count - 1);
  const slots = Math.max(2, maxPoints - chosen.size);
  const step = (count - 1) / (slots - 1);
  for (let slot = 0; slot < slots; slot += 1) chosen.add(Math.round(slot * step));
  return [...chosen].filter((index) => index >= 0 && index < count).sort((a, b) => a - b);
}
