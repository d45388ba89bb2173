/**
 * The time rule every adapter applies to the time a device reports.
 *
 * A device clock ahead of the server by more than a few minutes is wrong (no report comes from the
 * future; the usual cause is a watch set to local time instead of UTC): the report takes the
 * receive time as its device time and keeps the device's text in `attributes.originalDeviceTime`,
 * so nothing is lost and the timeline stays ordered.
 *
 * A time more than 30 days back is kept, and the report is flagged `old`: it is a re-upload of
 * buffered reports (watch `UD2`, an app's offline queue) or a clock reset to a default date, and
 * either way its own time is what dedupes a resent copy. The pipeline stores an old report at that
 * time, but never lets it become the device's current position or battery, or move a geofence
 * state (`report-batch.ts`); a time older than every position partition stores no position.
 */
export const MAX_FUTURE_SKEW_MS = 10 * 60 * 1000;
export const MAX_PAST_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface SaneDeviceTime {
  deviceTime: string;
  /** Set when the device's own time was replaced; holds what the device sent. */
  originalDeviceTime?: string;
  /** The device time is more than `MAX_PAST_AGE_MS` before the receive time. */
  old?: true;
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
  if (skew > MAX_FUTURE_SKEW_MS) {
    return { deviceTime: received, originalDeviceTime: original ?? deviceTime.toISOString() };
  }
  if (skew < -MAX_PAST_AGE_MS) return { deviceTime: deviceTime.toISOString(), old: true };
  return { deviceTime: deviceTime.toISOString() };
}
