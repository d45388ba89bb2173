import type { CitizenDevice } from '@homeward/contracts';

/** What the citizen page's header says first: the most urgent of the citizen's states. */
export const CITIZEN_STATUSES = ['alarm', 'outsideGeofence', 'online', 'offline'] as const;
export type CitizenStatus = (typeof CITIZEN_STATUSES)[number];

/**
 * The citizen's status from their watches and open alarms: an open alarm first, then any watch
 * outside its geofence, then any watch reporting (online, or with a handled low-battery warning),
 * and otherwise offline (no watch, never seen, or offline).
 */
export function citizenStatusOf(devices: readonly CitizenDevice[], openAlarms: number): CitizenStatus {
  if (openAlarms > 0) return 'alarm';
  if (devices.some((device) => device.status === 'outsideGeofence')) return 'outsideGeofence';
  if (devices.some((device) => device.status === 'online' || device.status === 'lowBatteryWarningHandled')) {
    return 'online';
  }
  return 'offline';
}

/** The watch seen last (the citizen's latest news), or null when none was ever seen. */
export function latestSeenDevice(devices: readonly CitizenDevice[]): CitizenDevice | null {
  let latest: CitizenDevice | null = null;
  for (const device of devices) {
    if (device.lastSeenAt && (!latest?.lastSeenAt || device.lastSeenAt > latest.lastSeenAt)) latest = device;
  }
  return latest;
}

/** The watch whose position is the newest, or null when no watch has one. */
export function latestLocatedDevice(devices: readonly CitizenDevice[]): CitizenDevice | null {
  let latest: CitizenDevice | null = null;
  for (const device of devices) {
    if (device.location && (!latest?.location || device.location.at > latest.location.at)) latest = device;
  }
  return latest;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago `at` was, in the user's language ("3 min ago", "2 hours ago", "now"): the largest
 * whole unit, so a glance says how fresh a position is.
 */
export function formatAge(at: string, now: number, language?: string): string {
  const seconds = Math.max(0, Math.round((now - new Date(at).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
