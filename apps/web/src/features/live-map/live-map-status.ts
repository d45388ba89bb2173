import { ACTIVE_DEVICE_STATUSES, type DeviceStatus, type LiveMapCitizen } from '@homeward/contracts';

/** What a marker's colour says, from the most to the least urgent. */
export const LIVE_MAP_STATUSES = ['alarm', 'outsideGeofence', 'offline', 'online'] as const;
export type LiveMapStatus = (typeof LIVE_MAP_STATUSES)[number];

/**
 * The marker colours (MUI's error, warning, grey and success shades): each has at least 3:1
 * contrast against the pale map tiles, and the legend and the list say the status in words too.
 */
export const LIVE_MAP_STATUS_COLORS: Record<LiveMapStatus, string> = {
  alarm: '#d32f2f',
  outsideGeofence: '#e65100',
  offline: '#616161',
  online: '#2e7d32',
};

/** The citizen's status on the map: an open alarm first, then outside a geofence, then the watch's state. */
export function liveMapStatusOf(
  citizen: Pick<LiveMapCitizen, 'alarm' | 'outsideGeofence' | 'status'>,
): LiveMapStatus {
  if (citizen.alarm) return 'alarm';
  if (citizen.outsideGeofence) return 'outsideGeofence';
  return citizen.status !== null &&
    (ACTIVE_DEVICE_STATUSES as readonly DeviceStatus[]).includes(citizen.status)
    ? 'online'
    : 'offline';
}

/** 0 for the most urgent status: the order lists and clusters sort by. */
export const statusRank = (status: LiveMapStatus): number => LIVE_MAP_STATUSES.indexOf(status);

/** The more urgent of two statuses: what a cluster holding both is coloured by. */
export function worseStatus(a: LiveMapStatus, b: LiveMapStatus): LiveMapStatus {
  return statusRank(b) < statusRank(a) ? b : a;
}

/** Whether the citizen has a position to draw. */
export function isLocated<T extends Pick<LiveMapCitizen, 'latitude' | 'longitude'>>(
  citizen: T,
): citizen is T & { latitude: number; longitude: number } {
  return citizen.latitude !== null && citizen.longitude !== null;
}
