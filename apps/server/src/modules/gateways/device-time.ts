/**
 * The time sanity rule every adapter applies to the time a device reports.
 *
 * A device clock ahead of the server by more than a few minutes is wrong (no report comes from the
 * future; the usual cause is a watch set to local time instead of UTC, or a cleared clock after a
 * battery change). A time far in the past is a reset clock (watches without a GPS fix send dates
 * around 2000), not a buffered report: buffered re-uploads (watch `UD2`, OsmAnd offline queue) are
 * hours or days old, so a month is the limit. Either way the report keeps the receive time as its
 * device time and the original text in `attributes.originalDeviceTime`, so nothing is lost and the
 * timeline stays ordered.
 */
export const MAX_FUTURE_SKEW_MS = 10 * 60 * 1000;
export const MAX_PAST_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface SaneDeviceTime {
  deviceTime: string;
  /** Set when the device's own time was replaced; holds what the device sent. */
  originalDeviceTime?: string;
}

/** `deviceTime` when plausible, else `receivedAt` (see the module comment). */
export function saneDeviceTime(
  deviceTime: Date | undefined,
  receivedAt: Date,
  original?: string,
): SaneDeviceTime {
  const received = receivedAt.toISOString();
  if (!deviceTime) return { deviceTime: received };
  const time = deviceTime.getTime();
  if (Number.isNaN(time)) return { deviceTime: received, originalDeviceTime: original ?? 'invalid' };
  const skew = time - receivedAt.getTime();
  if (skew > MAX_FUTURE_SKEW_MS || skew < -MAX_PAST_AGE_MS) {
    return { deviceTime: received, originalDeviceTime: original ?? deviceTime.toISOString() };
  }
  return { deviceTime: deviceTime.toISOString() };
}
