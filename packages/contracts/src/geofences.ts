import kinks from '@turf/kinks';
import { z } from 'zod';
import {
  circleBoundingBox,
  positionsBoundingBox,
  zBoundingBox,
  zLatitude,
  zLatLon,
  zLongitude,
  type BoundingBox,
} from './geo';
import { zPagedRequest, zPagedResult } from './users';

/** Contracts of the geofences feature (`/api/geofences`, spec §2 Geofence, §5). */

/** Translation keys of the geofences feature's own messages. */
export const GEOFENCE_MESSAGE_KEYS = {
  /** Spec §5: "A geofence must be drawn by selecting an area on the map." */
  areaRequired: 'geofences:areaRequired',
  radiusOutOfRange: 'geofences:radiusOutOfRange',
  polygonNotClosed: 'geofences:polygonNotClosed',
  polygonTooFewPoints: 'geofences:polygonTooFewPoints',
  polygonSelfIntersecting: 'geofences:polygonSelfIntersecting',
} as const;

/** A circle larger than this is not a place a person is kept safe in; it is refused. */
export const GEOFENCE_MAX_RADIUS_METERS = 50_000;
/** Vertices of one polygon, the closing point included. */
export const GEOFENCE_MAX_POLYGON_POINTS = 1000;

export const GEOFENCE_KINDS = ['circle', 'polygon'] as const;
export type GeofenceKind = (typeof GEOFENCE_KINDS)[number];

export const GEOFENCE_SORT_FIELDS = ['name', 'kind', 'createdAt'] as const;

/** A GeoJSON position: `[longitude, latitude]`. */
export const zPosition = z.tuple([zLongitude, zLatitude]);
export type Position = z.infer<typeof zPosition>;

const samePosition = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/** Twice the signed area of a ring in degree units (shoelace); 0 when every point is on one line. */
function doubledArea(ring: readonly (readonly number[])[]): number {
  let sum = 0;
  for (let index = 0; index < ring.length - 1; index += 1) {
    sum += ring[index]![0]! * ring[index + 1]![1]! - ring[index + 1]![0]! * ring[index]![1]!;
  }
  return sum;
}

/**
 * What is wrong with a polygon's outer ring, as a translation key, or null when it is a valid
 * simple polygon: closed (last point equals the first), at least 3 distinct points not all on one
 * line, and no edge crossing another (the geofence engine's point-in-polygon test needs that).
 */
export function polygonRingProblem(ring: readonly (readonly number[])[]): string | null {
  if (ring.length < 2 || !samePosition(ring[0]!, ring[ring.length - 1]!)) {
    return GEOFENCE_MESSAGE_KEYS.polygonNotClosed;
  }
  // Consecutive repeats (a double click) are harmless; drop them before the geometric checks.
  const points = ring.filter((point, index) => index === 0 || !samePosition(point, ring[index - 1]!));
  const distinct = new Set(points.slice(0, -1).map((point) => `${point[0]},${point[1]}`));
  if (distinct.size < 3) return GEOFENCE_MESSAGE_KEYS.polygonTooFewPoints;
  // A vertex visited twice pinches the ring into two loops.
  if (distinct.size !== points.length - 1) return GEOFENCE_MESSAGE_KEYS.polygonSelfIntersecting;
  try {
    const found = kinks({ type: 'Polygon', coordinates: [points.map((point) => [point[0]!, point[1]!])] });
    if (found.features.length > 0) return GEOFENCE_MESSAGE_KEYS.polygonSelfIntersecting;
  } catch {
    return GEOFENCE_MESSAGE_KEYS.polygonSelfIntersecting;
  }
  // Points on one line enclose nothing (within rounding, relative to the ring's size).
  const box = positionsBoundingBox(points);
  const extent = Math.max(box.maxLon - box.minLon, box.maxLat - box.minLat);
  if (Math.abs(doubledArea(points)) <= 1e-9 * extent * extent) {
    return GEOFENCE_MESSAGE_KEYS.polygonTooFewPoints;
  }
  return null;
}

/** One outer ring, closed, no holes (a geofence is one area). */
export const zGeofencePolygon = z
  .object({
    type: z.literal('Polygon'),
    coordinates: z.tuple([z.array(zPosition).max(GEOFENCE_MAX_POLYGON_POINTS)]),
  })
  .superRefine((polygon, context) => {
    const problem = polygonRingProblem(polygon.coordinates[0]);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['coordinates'] });
  });
export type GeofencePolygon = z.infer<typeof zGeofencePolygon>;

export const zCircleGeometry = z.object({
  kind: z.literal('circle'),
  center: zLatLon,
  radiusMeters: z
    .number()
    .finite()
    .gt(0, GEOFENCE_MESSAGE_KEYS.radiusOutOfRange)
    .max(GEOFENCE_MAX_RADIUS_METERS, GEOFENCE_MESSAGE_KEYS.radiusOutOfRange),
});
export const zPolygonGeometry = z.object({
  kind: z.literal('polygon'),
  polygon: zGeofencePolygon,
});

/**
 * The drawn area: a true circle (centre and radius, never a polygon approximation) or a polygon.
 * Nothing drawn (missing or null) is the spec's own message, on the server and in the form alike.
 */
export const zGeofenceGeometry = z.discriminatedUnion('kind', [zCircleGeometry, zPolygonGeometry], {
  error: (issue) =>
    issue.input === undefined || issue.input === null ? GEOFENCE_MESSAGE_KEYS.areaRequired : undefined,
});
export type GeofenceGeometry = z.infer<typeof zGeofenceGeometry>;

/** The stored bounding box of a valid geometry. */
export function geofenceBoundingBox(geometry: GeofenceGeometry): BoundingBox {
  return geometry.kind === 'circle'
    ? circleBoundingBox(geometry.center, geometry.radiusMeters)
    : positionsBoundingBox(geometry.polygon.coordinates[0]);
}

/**
 * `POST /api/geofences` and `PUT /api/geofences/:id`. An update replaces the geometry with what was
 * drawn, so the kind may change (a circle redrawn as a polygon keeps its id and its citizen links).
 */
export const zSaveGeofenceRequest = z.object({
  name: z.string().trim().min(1).max(128),
  description: z
    .string()
    .trim()
    .max(512)
    .nullish()
    .transform((value) => value || null),
  geometry: zGeofenceGeometry,
});
export type SaveGeofenceRequest = z.input<typeof zSaveGeofenceRequest>;

export const zGeofence = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  kind: z.enum(GEOFENCE_KINDS),
  geometry: zGeofenceGeometry,
  boundingBox: zBoundingBox,
  tenantId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Geofence = z.infer<typeof zGeofence>;

/** `GET /api/geofences`: paged, searched by name or description, sorted by GEOFENCE_SORT_FIELDS. */
export const zGeofenceListRequest = zPagedRequest;
export const zGeofenceList = zPagedResult(zGeofence);
export type GeofenceList = z.infer<typeof zGeofenceList>;

/** Global (provider `G`) settings of the geofence engine (DESIGN §6). */
export const GEOFENCE_ENGINE_SETTINGS = {
  /**
   * Consecutive reports on the other side of a fence's edge that decide an exit or an enter even
   * when each is within its accuracy radius of the edge (default 2).
   */
  exitConfirmations: 'Homeward.Geofence.ExitConfirmations',
} as const;

export const DEFAULT_GEOFENCE_EXIT_CONFIRMATIONS = 2;
