/**
 * bench:geofence — the geofence engine alone (pure code, no database), as `evaluateGeofences` runs
 * it for every stored fix: the wearer's fences (BENCH_FENCES_PER_CITIZEN, default 5: the fleet's
 * two circles and three polygons of bench:ingest, whose edges the walks cross), the device's
 * trackings from its previous fix, then `evaluatePosition` (the bounding-box pre-filter, the exact
 * signed edge distance of the fences near the fix, hysteresis per fence) and `citizenPlacement`.
 * BENCH_CITIZENS citizens (default 10,000) walk their loops around home, BENCH_POINTS fixes in all
 * (default 1,000,000) with accuracy radii of 5–100 m, each citizen's fixes in order so the
 * hysteresis sees real sequences. Prints fixes/s and the crossings found.
 *
 * What is left out is the database: reading the engine state and the wearers' fences, and writing
 * trackings and events, once per batch (bench:ingest measures the whole pipeline with it). The
 * engine's grid index (fence-index.ts) is only taken from 64 fences a wearer on; no wearer here
 * (or in practice) has that many, so, as in production, the pre-filter is the linear box scan.
 */
import { DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS } from '@homeward/contracts';
import {
  citizenPlacement,
  evaluatePosition,
  type EngineFence,
} from '../apps/server/src/modules/geofence-engine/geofence-engine';
import type { FenceTracking } from '../apps/server/src/modules/geofence-engine/hysteresis';
import { fencesOf, walkPoint } from './support/fleet';

const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const CITIZENS = Number(process.env.BENCH_CITIZENS ?? 10_000);
const FENCES_PER_CITIZEN = Number(process.env.BENCH_FENCES_PER_CITIZEN ?? 5);

/** A seeded generator (mulberry32), so every run measures the same work. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The citizen's fences as the engine gets them from `WearerFenceCache.load` (bench:ingest's shapes). */
function engineFencesOf(citizen: number): EngineFence[] {
  const shapes = fencesOf(citizen);
  return Array.from({ length: FENCES_PER_CITIZEN }, (_, position): EngineFence => {
    const shape = shapes[position % shapes.length]!;
    const id = `${citizen}-${position}`;
    const box = { minLat: shape.minLat, minLon: shape.minLon, maxLat: shape.maxLat, maxLon: shape.maxLon };
    return shape.kind === 'circle'
      ? {
          id,
          kind: 'circle',
          centerLat: shape.center.lat,
          centerLon: shape.center.lon,
          radiusMeters: shape.radiusMeters,
          ...box,
        }
      : { id, kind: 'polygon', ring: shape.ring, ...box };
  });
}

const next = random(42);
const fences = Array.from({ length: CITIZENS }, (_, citizen) => engineFencesOf(citizen));
// The fixes, citizen after citizen in turn (as reports arrive), each moving along its walk.
const points = new Float64Array(POINTS * 3);
for (let point = 0; point < POINTS; point += 1) {
  const { point: at } = walkPoint(point % CITIZENS, Math.floor(point / CITIZENS));
  points[point * 3] = at.lat;
  points[point * 3 + 1] = at.lon;
  points[point * 3 + 2] = 5 + next() * 95;
}
const trackings: ReadonlyMap<string, FenceTracking>[] = Array.from({ length: CITIZENS }, () => new Map());

let crossings = 0;
let outside = 0;
const started = process.hrtime.bigint();
for (let point = 0; point < POINTS; point += 1) {
  const citizen = point % CITIZENS;
  const evaluation = evaluatePosition(
    fences[citizen]!,
    trackings[citizen]!,
    {
      latitude: points[point * 3]!,
      longitude: points[point * 3 + 1]!,
      accuracyMeters: points[point * 3 + 2]!,
    },
    DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS,
  );
  crossings += evaluation.crossings.length;
  if (citizenPlacement([...evaluation.next.values()].map((tracking) => tracking.state)) === 'outside') {
    outside += 1;
  }
  trackings[citizen] = evaluation.next;
}
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

const format = (value: number) => Math.round(value).toLocaleString('en');
console.log(
  `bench:geofence — the engine as evaluateGeofences runs it: ${format(CITIZENS)} citizens with ` +
    `${FENCES_PER_CITIZEN} fences each (circles and polygons), ${format(POINTS)} fixes in walk order`,
);
console.log(
  `engine: ${format(POINTS / seconds)} fixes/s (${format(POINTS)} fixes in ${seconds.toFixed(2)} s; ` +
    `${format(crossings)} enter/exit crossings, ${format(outside)} fixes with the citizen outside every fence)`,
);
