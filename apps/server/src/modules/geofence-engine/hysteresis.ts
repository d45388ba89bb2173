/**
 * Enter/exit with hysteresis (DESIGN §6), per (device, geofence). A position is a circle of
 * uncertainty (its accuracy radius), so one fix near the edge says little:
 * - an exit counts when the point is outside by more than its accuracy (the whole circle is out),
 *   or after `confirmations` consecutive reports on the outside, however close;
 * - an enter likewise needs the point inside by more than its accuracy, or `confirmations`
 *   consecutive reports on the inside.
 * The first decided state of a pair (from `unknown`) is recorded without an event: it is where the
 * watch was first seen, not a move. The counters stop at `confirmations`. Pure: the caller loads
 * and stores the state.
 */

export const GEOFENCE_STATES = ['inside', 'outside', 'unknown'] as const;
export type GeofenceState = (typeof GEOFENCE_STATES)[number];

export interface FenceTracking {
  state: GeofenceState;
  consecutiveOutside: number;
  consecutiveInside: number;
}

export const UNTRACKED: FenceTracking = { state: 'unknown', consecutiveOutside: 0, consecutiveInside: 0 };

/** One move across a fence's edge; what alarms will subscribe to. */
export const FENCE_CROSSINGS = ['enter', 'exit'] as const;
export type FenceCrossing = (typeof FENCE_CROSSINGS)[number];

/**
 * The tracking after one position whose signed distance to the edge is `edgeDistance` metres
 * (negative inside), with accuracy radius `accuracyMeters` (0 when the fix gave none), and the
 * crossing it makes, if any.
 */
export function trackFence(
  previous: FenceTracking,
  edgeDistance: number,
  accuracyMeters: number,
  confirmations: number,
): { next: FenceTracking; crossing: FenceCrossing | null } {
  const outsideSide = edgeDistance > 0;
  // Counted up to `confirmations` only (all the rule asks), so a watch that stays on one side
  // leaves its tracking unchanged, and the pipeline writes nothing for it.
  const consecutiveOutside = outsideSide ? Math.min(previous.consecutiveOutside + 1, confirmations) : 0;
  const consecutiveInside = outsideSide ? 0 : Math.min(previous.consecutiveInside + 1, confirmations);
  let state = previous.state;
  if (state !== 'outside' && outsideSide) {
    if (edgeDistance > accuracyMeters || consecutiveOutside >= confirmations) state = 'outside';
  } else if (state !== 'inside' && !outsideSide) {
    if (-edgeDistance > accuracyMeters || consecutiveInside >= confirmations) state = 'inside';
  }
  const crossing =
    previous.state === 'unknown' || state === previous.state ? null : state === 'outside' ? 'exit' : 'enter';
  return { next: { state, consecutiveOutside, consecutiveInside }, crossing };
}
