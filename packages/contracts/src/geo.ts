import { z } from 'zod';

/**
 * Shared coordinate schemas (WGS 84 degrees). Geofences use them now; Wi-Fi networks and positions
 * will too. Out-of-range values get the generic number messages with the bound as `{count}`.
 */
export const zLatitude = z.number().finite().min(-90).max(90);
export const zLongitude = z.number().finite().min(-180).max(180);

/** A point as the API carries it: `{ lat, lon }` (GeoJSON positions are `[lon, lat]` instead). */
export const zLatLon = z.object({ lat: zLatitude, lon: zLongitude });
export type LatLon = z.infer<typeof zLatLon>;

/** The rectangle that holds a shape; stored beside it so a spatial index can pre-filter later. */
export const zBoundingBox = z.object({
  minLat: zLatitude,
  minLon: zLongitude,
  maxLat: zLatitude,
  maxLon: zLongitude,
});
export type BoundingBox = z.infer<typeof zBoundingBox>;

/** Mean earth radius in metres (IUGG), the one the geofence engine also uses. */
export const EARTH_RADIUS_METERS = 6_371_008.8;

/** The bounding box of a circle; longitudes widen towards the poles and are clamped to range. */
export function circleBoundingBox(center: LatLon, radiusMeters: number): BoundingBox {
  const deltaLat = (radiusMeters / EARTH_RADIUS_METERS) * (180 / Math.PI);
  const cosLat = Math.cos((center.lat * Math.PI) / 180);
  const deltaLon = cosLat > 1e-9 ? deltaLat / cosLat : 180;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  return {
    minLat: clamp(center.lat - deltaLat, 90),
    maxLat: clamp(center.lat + deltaLat, 90),
    minLon: clamp(center.lon - deltaLon, 180),
    maxLon: clamp(center.lon + deltaLon, 180),
  };
}

/** The bounding box of GeoJSON positions (`[lon, lat]`). */
export function positionsBoundingBox(positions: readonly (readonly number[])[]): BoundingBox {
  const lons = positions.map((position) => position[0]!);
  const lats = positions.map((position) => position[1]!);
  return {
    minLat: Math.min(...lats),
    maxLat: Math.max(...lats),
    minLon: Math.min(...lons),
    maxLon: Math.max(...lons),
  };
}
