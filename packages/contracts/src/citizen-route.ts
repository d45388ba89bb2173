import { z } from 'zod';
import { VALIDATION_KEYS } from './validation';

/**
 * Route history (issue 21): where a citizen's watches were on one local day, with the stops made
 * and the geofence exits and entries along the track.
 *
 * - Which watches: the watches linked to the citizen now. Links keep no history (a watch moved to
 *   another citizen takes its past positions along, and a past watch's positions are not shown).
 * - Which positions: only reports with a valid fix. A no-fix report repeats the last known place
 *   (or a network guess), so it would draw false jumps and false stops; the answer counts them in
 *   `noFixCount` instead.
 */

/** A stop: the watch stayed within this many metres of the stop's centre ... */
export const ROUTE_STOP_RADIUS_METERS = 50;
/** ... for at least this many minutes. */
export const ROUTE_STOP_MIN_MINUTES = 5;
/**
 * Most track points one answer holds. Above it the track is thinned evenly (first and last kept);
 * stops and geofence crossings are found on every fix before thinning, so they stay exact.
 */
export const ROUTE_MAX_POINTS = 10_000;

/** Whether a text names a time zone this runtime knows (IANA, e.g. `Europe/Copenhagen`). */
export function isKnownTimeZone(text: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

/** GET /api/citizens/:id/route: the local day `date` in `timeZone` (UTC when left out). */
export const zCitizenRouteRequest = z.object({
  date: z.iso.date(VALIDATION_KEYS.invalid),
  timeZone: z
    .string()
    .min(1, VALIDATION_KEYS.invalid)
    .max(64, VALIDATION_KEYS.invalid)
    .refine(isKnownTimeZone, VALIDATION_KEYS.invalid)
    .optional()
    .default('UTC'),
});
export type CitizenRouteRequest = z.input<typeof zCitizenRouteRequest>;

/** One fix of the track: when (device time, ISO), where, and which watch sent it. */
export const zRoutePoint = z.object({
  at: z.string(),
  lat: z.number(),
  lon: z.number(),
  deviceId: z.uuid(),
});
export type RoutePoint = z.infer<typeof zRoutePoint>;

/** A stop: from the first to the last fix within the radius, and the fixes' average place. */
export const zRouteStop = z.object({
  start: z.string(),
  end: z.string(),
  durationSeconds: z.number().int(),
  lat: z.number(),
  lon: z.number(),
});
export type RouteStop = z.infer<typeof zRouteStop>;

export const ROUTE_CROSSING_KINDS = ['exit', 'entry'] as const;
export type RouteCrossingKind = (typeof ROUTE_CROSSING_KINDS)[number];

/** Leaving or entering one of the citizen's geofences: the first fix on the new side. */
export const zRouteCrossing = z.object({
  at: z.string(),
  lat: z.number(),
  lon: z.number(),
  geofenceId: z.uuid(),
  geofenceName: z.string(),
  kind: z.enum(ROUTE_CROSSING_KINDS),
});
export type RouteCrossing = z.infer<typeof zRouteCrossing>;

export const zCitizenRoute = z.object({
  citizenId: z.uuid(),
  date: z.string(),
  timeZone: z.string(),
  /** The day's bounds as instants: from inclusive, to exclusive. */
  from: z.string(),
  to: z.string(),
  points: z.array(zRoutePoint),
  /** Fixes on the day before thinning; more than `points.length` when the track was thinned. */
  totalPoints: z.number().int(),
  /** No-fix reports on the day, left out of the track. */
  noFixCount: z.number().int(),
  stops: z.array(zRouteStop),
  crossings: z.array(zRouteCrossing),
});
export type CitizenRoute = z.infer<typeof zCitizenRoute>;
