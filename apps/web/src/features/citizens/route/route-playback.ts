import type { BoundingBox, RoutePoint } from '@homeward/contracts';

/** Where the replay marker is at a moment: the place, between the two fixes around it. */
export interface PlaybackPosition {
  lat: number;
  lon: number;
  /** Index of the last fix at or before the moment. */
  index: number;
}

/**
 * The place on the track at `time` (epoch ms), interpolated linearly between the fixes before and
 * after it; before the first fix it is the first, after the last the last. Null for no points.
 */
export function positionAt(
  points: readonly RoutePoint[],
  times: readonly number[],
  time: number,
): PlaybackPosition | null {
  if (points.length === 0) return null;
  if (time <= times[0]!) return { lat: points[0]!.lat, lon: points[0]!.lon, index: 0 };
  const lastIndex = points.length - 1;
  if (time >= times[lastIndex]!)
    return { lat: points[lastIndex]!.lat, lon: points[lastIndex]!.lon, index: lastIndex };
  // The last fix at or before `time`, by binary search (a day can hold thousands of fixes).
  let low = 0;
  let high = lastIndex;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (times[middle]! <= time) low = middle;
    else high = middle;
  }
  const before = points[low]!;
  const after = points[high]!;
  const span = times[high]! - times[low]!;
  const share = span === 0 ? 0 : (time - times[low]!) / span;
  return {
    lat: before.lat + (after.lat - before.lat) * share,
    lon: before.lon + (after.lon - before.lon) * share,
    index: low,
  };
}

/** Steps a full replay takes, whatever the day's length: about 20 s at the replay's tick. */
export const PLAYBACK_STEPS = 200;

/** The next moment of a replay one step on from `time`, stopping at `end`. */
export function nextPlaybackTime(time: number, start: number, end: number): number {
  const step = Math.max(1000, (end - start) / PLAYBACK_STEPS);
  return Math.min(end, time + step);
}

/** The box around the track and the given extra places, or null when there is nothing. */
export function boxOf(places: readonly { lat: number; lon: number }[]): BoundingBox | null {
  if (places.length === 0) return null;
  const box = { minLat: Infinity, minLon: Infinity, maxLat: -Infinity, maxLon: -Infinity };
  for (const place of places) {
    box.minLat = Math.min(box.minLat, place.lat);
    box.maxLat = Math.max(box.maxLat, place.lat);
    box.minLon = Math.min(box.minLon, place.lon);
    box.maxLon = Math.max(box.maxLon, place.lon);
  }
  return box;
}

/** A duration as hours and minutes ("1 h 05 min", "12 min"), with unit words from `units`. */
export function formatDuration(seconds: number, units: { hours: string; minutes: string }): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0
    ? `${hours} ${units.hours} ${String(rest).padStart(2, '0')} ${units.minutes}`
    : `${rest} ${units.minutes}`;
}

/** Today in the browser's time zone as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
