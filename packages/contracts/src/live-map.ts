import { z } from 'zod';
import { ALARM_KINDS, type AlarmKind } from './alarms';
import { DEVICE_STATUSES } from './devices';

/**
 * The live map (issue 21): every citizen the user may see at their watch's last position, with the
 * watch's live state and the citizen's open alarms. One answer for the whole tenant (no paging):
 * the map clusters and filters in the browser, and realtime events keep it current.
 */

/**
 * Alarm kinds from the most to the least severe: the live map shows the most severe open kind of
 * a citizen. A person asking for help, fallen or with vitals out of range comes first; machine
 * conditions last. Every kind is listed (a test checks), so none ranks by accident.
 */
export const LIVE_MAP_ALARM_SEVERITY = [
  'sos',
  'fall',
  'general',
  'vitals',
  'removal',
  'outsideGeofence',
  'offline',
  'lowBattery',
] as const satisfies readonly AlarmKind[];

/** The more severe of two alarm kinds (a kind missing from the order counts least). */
export function moreSevereAlarmKind(a: AlarmKind, b: AlarmKind): AlarmKind {
  const rank = (kind: AlarmKind) => {
    const index = (LIVE_MAP_ALARM_SEVERITY as readonly AlarmKind[]).indexOf(kind);
    return index === -1 ? LIVE_MAP_ALARM_SEVERITY.length : index;
  };
  return rank(b) < rank(a) ? b : a;
}

/** A citizen's open alarms (open or acknowledged): the most severe kind and how many there are. */
export const zLiveMapAlarm = z.object({
  kind: z.enum(ALARM_KINDS),
  count: z.number().int().min(1),
});
export type LiveMapAlarm = z.infer<typeof zLiveMapAlarm>;

/** One citizen on the live map, with the watch last seen among theirs (null fields: no watch). */
export const zLiveMapCitizen = z.object({
  citizenId: z.uuid(),
  name: z.string(),
  organizationId: z.uuid().nullable(),
  organizationName: z.string().nullable(),
  deviceId: z.uuid().nullable(),
  /** The watch's status; null when the citizen wears no watch. */
  status: z.enum(DEVICE_STATUSES).nullable(),
  /** Null when the watch was never located. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** False when the position is coordinates sent without a fix ("last known, no fix"). */
  locationValid: z.boolean(),
  /** When the watch was at that position. */
  locatedAt: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  battery: z.number().int().nullable(),
  /** Outside a geofence: the watch's status says so, or an outside-geofence alarm is open. */
  outsideGeofence: z.boolean(),
  alarm: zLiveMapAlarm.nullable(),
});
export type LiveMapCitizen = z.infer<typeof zLiveMapCitizen>;

/** GET /api/live-map. */
export const zLiveMap = z.object({
  items: z.array(zLiveMapCitizen),
  /** When the server read the state; realtime events after it bring it up to date. */
  at: z.string(),
});
export type LiveMap = z.infer<typeof zLiveMap>;
