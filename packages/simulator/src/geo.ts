import type { GeofenceGeometry } from '@homeward/contracts';

/** A point on the earth in decimal degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_METERS = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in metres (haversine, as the geofence engine measures). */
export function distanceMeters(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `meters` away from `from` heading `bearing` degrees (0 = north, clockwise). */
export function destination(from: LatLon, bearing: number, meters: number): LatLon {
  const angular = meters / EARTH_RADIUS_METERS;
  const theta = toRadians(bearing);
  const lat1 = toRadians(from.lat);
  const lon1 = toRadians(from.lon);
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(theta),
  );
  const lon2 =
    lon1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lat: toDegrees(lat2), lon: ((toDegrees(lon2) + 540) % 360) - 180 };
}

/** Initial bearing in degrees (0–360) from `a` towards `b`. */
export function bearingTo(a: LatLon, b: LatLon): number {
  const lat1 = toRadians(a.lat);
  const lat2 = toRadians(b.lat);
  const dLon = toRadians(b.lon - a.lon);
  const y = Math.sin(dLon) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLon);
  return (toDegrees(Math.atan2(y, x)) + 360) % 360;
}

/**
 * The walk's home area: a circle the walker keeps to, and leaves now and then. A circle geofence
 * is itself; a polygon is approximated by the circle around its vertex centroid that reaches
 * halfway to the nearest vertex (inside for the convex, roughly round fences of the demo).
 */
export interface HomeArea {
  center: LatLon;
  radiusMeters: number;
}

export function homeAreaOf(geometry: GeofenceGeometry): HomeArea {
  if (geometry.kind === 'circle') return { center: geometry.center, radiusMeters: geometry.radiusMeters };
  const ring = geometry.polygon.coordinates[0]!.slice(0, -1);
  const center = {
    lat: ring.reduce((sum, [, lat]) => sum + lat!, 0) / ring.length,
    lon: ring.reduce((sum, [lon]) => sum + lon!, 0) / ring.length,
  };
  const nearest = Math.min(...ring.map(([lon, lat]) => distanceMeters(center, { lat: lat!, lon: lon! })));
  return { center, radiusMeters: Math.max(20, nearest / 2) };
}
