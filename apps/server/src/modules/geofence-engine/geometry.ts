import { EARTH_RADIUS_METERS, type BoundingBox } from '@homeward/contracts';

/**
 * The geofence engine's geometry (DESIGN §6), pure and allocation-free on the hot path. Shapes are
 * small (a home, a care centre, a town) so a local flat projection around the point is exact to
 * well under a metre; fences crossing the antimeridian or a pole are not supported.
 */

const RADIANS = Math.PI / 180;
/** Metres per degree of latitude (and of longitude at the equator). */
export const METERS_PER_DEGREE = EARTH_RADIUS_METERS * RADIANS;

/** Great-circle distance in metres between two points (haversine). */
export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A fence as the engine sees it: the shape and its bounding box. Polygon rings are `[lon, lat]`. */
export type FenceShape =
  | ({ kind: 'circle'; centerLat: number; centerLon: number; radiusMeters: number } & BoundingBox)
  | ({ kind: 'polygon'; ring: readonly (readonly number[])[] } & BoundingBox);

/**
 * Signed distance in metres from a point to a fence's edge: negative inside, positive outside,
 * 0 on the edge (a point on the edge or a vertex is inside).
 */
export function signedEdgeDistance(fence: FenceShape, lat: number, lon: number): number {
  if (fence.kind === 'circle') {
    return haversineMeters(lat, lon, fence.centerLat, fence.centerLon) - fence.radiusMeters;
  }
  const distance = distanceToRing(fence.ring, lat, lon);
  if (distance === 0) return 0;
  return ringContains(fence.ring, lat, lon) ? -distance : distance;
}

/**
 * Whether a point is inside a closed ring (first position repeated last), by ray casting with the
 * half-open rule, so a ray through a vertex counts its two edges once. Works for concave rings.
 * Points exactly on an edge are decided by `distanceToRing` before this is asked.
 */
export function ringContains(ring: readonly (readonly number[])[], lat: number, lon: number): boolean {
  let inside = false;
  for (let index = 0, previous = ring.length - 1; index < ring.length; previous = index, index += 1) {
    const xi = ring[index]![0]!;
    const yi = ring[index]![1]!;
    const xj = ring[previous]![0]!;
    const yj = ring[previous]![1]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Distance in metres from a point to the nearest edge of a ring, in an equirectangular projection
 * centred on the point (metres east and north of it).
 */
export function distanceToRing(ring: readonly (readonly number[])[], lat: number, lon: number): number {
  const xScale = METERS_PER_DEGREE * Math.cos(lat * RADIANS);
  let best = Infinity;
  for (let index = 1; index < ring.length; index += 1) {
    const ax = (ring[index - 1]![0]! - lon) * xScale;
    const ay = (ring[index - 1]![1]! - lat) * METERS_PER_DEGREE;
    const bx = (ring[index]![0]! - lon) * xScale;
    const by = (ring[index]![1]! - lat) * METERS_PER_DEGREE;
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy;
    // The origin's projection onto segment a→b, clamped to its ends.
    const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
    const px = ax + along * dx;
    const py = ay + along * dy;
    const distance = Math.sqrt(px * px + py * py);
    if (distance < best) best = distance;
  }
  // Within a millimetre is on the edge: float noise must not decide an edge case.
  return best < 1e-3 ? 0 : best;
}

/**
 * Whether a point is within `marginMeters` of a bounding box: fences whose box fails this are
 * farther than the margin from the point, so clearly outside without any exact test.
 */
export function nearBoundingBox(box: BoundingBox, lat: number, lon: number, marginMeters: number): boolean {
  // A little slack: the box test must never drop a fence that is within the margin.
  const marginLat = (marginMeters * 1.01 + 1) / METERS_PER_DEGREE;
  const cos = Math.cos(lat * RADIANS);
  const marginLon = cos > 1e-9 ? marginLat / cos : 360;
  return (
    lat >= box.minLat - marginLat &&
    lat <= box.maxLat + marginLat &&
    lon >= box.minLon - marginLon &&
    lon <= box.maxLon + marginLon
  );
}
