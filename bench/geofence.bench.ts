/**
 * bench:geofence — the geofence engine alone (pure code, no database): BENCH_POINTS positions
 * (default 1,000,000) with accuracy radii of 5–100 m, evaluated against one tenant's BENCH_FENCES
 * fences (default 10,000: circles of 50 m–2 km and polygons of 6–12 vertices, spread over Denmark).
 * For each point: the spatial pre-filter, then the exact signed edge distance of every fence near
 * it. Prints points/s through the grid index and through a linear bounding-box scan. The scan reads
 * every fence for every point, so it runs on the first BENCH_SCAN_POINTS points (default 20,000;
 * the rate is what matters) and must agree with the grid on them.
 */
import { indexFences, type FenceIndex } from '../apps/server/src/modules/geofence-engine/fence-index';
import {
  METERS_PER_DEGREE,
  signedEdgeDistance,
  type FenceShape,
} from '../apps/server/src/modules/geofence-engine/geometry';
import { circleBoundingBox, positionsBoundingBox } from '@homeward/contracts';

const POINTS = Number(process.env.BENCH_POINTS ?? 1_000_000);
const FENCES = Number(process.env.BENCH_FENCES ?? 10_000);
const SCAN_POINTS = Math.min(POINTS, Number(process.env.BENCH_SCAN_POINTS ?? 20_000));
const AREA = { minLat: 54.6, maxLat: 57.7, minLon: 8.1, maxLon: 12.6 };

/** A seeded generator (mulberry32), so every run measures the same work. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function makeFences(next: () => number): FenceShape[] {
  return Array.from({ length: FENCES }, (_, index): FenceShape => {
    const lat = AREA.minLat + next() * (AREA.maxLat - AREA.minLat);
    const lon = AREA.minLon + next() * (AREA.maxLon - AREA.minLon);
    const radius = 50 + next() * 1950;
    if (index % 2 === 0) {
      return {
        kind: 'circle',
        centerLat: lat,
        centerLon: lon,
        radiusMeters: radius,
        ...circleBoundingBox({ lat, lon }, radius),
      };
    }
    const corners = 6 + Math.floor(next() * 7);
    const ring = Array.from({ length: corners }, (_, corner) => {
      const angle = (corner / corners) * 2 * Math.PI;
      const reach = (radius * (0.5 + next() * 0.5)) / METERS_PER_DEGREE;
      return [
        lon + (reach * Math.cos(angle)) / Math.cos((lat * Math.PI) / 180),
        lat + reach * Math.sin(angle),
      ];
    });
    ring.push(ring[0]!);
    return { kind: 'polygon', ring, ...positionsBoundingBox(ring) };
  });
}

/** Evaluates `count` points; returns the points/s and how many fences they were inside in all. */
function run(index: FenceIndex<FenceShape>, points: Float64Array, count: number) {
  let inside = 0;
  let lat = 0;
  let lon = 0;
  const visit = (fence: FenceShape) => {
    if (signedEdgeDistance(fence, lat, lon) <= 0) inside += 1;
  };
  const started = process.hrtime.bigint();
  for (let point = 0; point < count; point += 1) {
    lat = points[point * 3]!;
    lon = points[point * 3 + 1]!;
    index.forEachNear(lat, lon, points[point * 3 + 2]!, visit);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { pointsPerSecond: count / seconds, seconds, inside };
}

const next = random(42);
const fences = makeFences(next);
const points = new Float64Array(POINTS * 3);
for (let point = 0; point < POINTS; point += 1) {
  points[point * 3] = AREA.minLat + next() * (AREA.maxLat - AREA.minLat);
  points[point * 3 + 1] = AREA.minLon + next() * (AREA.maxLon - AREA.minLon);
  points[point * 3 + 2] = 5 + next() * 95;
}

const builtAt = process.hrtime.bigint();
const grid = indexFences(fences, 'grid');
const buildMs = Number(process.hrtime.bigint() - builtAt) / 1e6;
const scan = indexFences(fences, 'scan');

const format = (value: number) => Math.round(value).toLocaleString('en');
console.log(
  `bench:geofence — ${format(FENCES)} fences, ${format(POINTS)} points (grid built in ${buildMs.toFixed(1)} ms)`,
);
const gridSample = run(grid, points, SCAN_POINTS);
const scanSample = run(scan, points, SCAN_POINTS);
if (gridSample.inside !== scanSample.inside) {
  throw new Error(`grid and scan disagree: ${gridSample.inside} vs ${scanSample.inside} insides`);
}
const gridAll = run(grid, points, POINTS);
console.log(
  `grid index: ${format(gridAll.pointsPerSecond)} points/s (${format(POINTS)} points in ${gridAll.seconds.toFixed(2)} s, ${format(gridAll.inside)} insides)`,
);
console.log(
  `linear scan: ${format(scanSample.pointsPerSecond)} points/s (${format(SCAN_POINTS)} points in ${scanSample.seconds.toFixed(2)} s; agrees with the grid on them)`,
);
