import { z } from 'zod';
import { zDateTimeInput } from './field-rules';

/**
 * Battery levels (spec §7 `battery-levels`; issue 19): one watch's battery over a period, read from
 * its stored reports and averaged into at most `BATTERY_LEVEL_MAX_POINTS` equal time buckets.
 */

export const BATTERY_LEVEL_PERIODS = ['day', 'week', 'month'] as const;
export type BatteryLevelPeriod = (typeof BATTERY_LEVEL_PERIODS)[number];

/** How long each period is. A month is 30 days, so every month has the same buckets. */
export const BATTERY_LEVEL_PERIOD_SECONDS: Record<BatteryLevelPeriod, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

/** Most points one answer holds. */
export const BATTERY_LEVEL_MAX_POINTS = 500;

/** The bucket width of a period: the period split into at most `BATTERY_LEVEL_MAX_POINTS`, whole seconds. */
export function batteryLevelBucketSeconds(period: BatteryLevelPeriod): number {
  return Math.ceil(BATTERY_LEVEL_PERIOD_SECONDS[period] / BATTERY_LEVEL_MAX_POINTS);
}

/** GET /api/devices/:id/battery-levels: the period ending at `end` (now when left out). */
export const zBatteryLevelRequest = z.object({
  period: z.enum(BATTERY_LEVEL_PERIODS).optional().default('day'),
  end: zDateTimeInput.optional(),
});
export type BatteryLevelRequest = z.input<typeof zBatteryLevelRequest>;

/** One bucket: its start, and the average, lowest and highest battery reported in it (percent). */
export const zBatteryLevelPoint = z.object({
  at: z.string(),
  battery: z.number(),
  min: z.number(),
  max: z.number(),
});
export type BatteryLevelPoint = z.infer<typeof zBatteryLevelPoint>;

export const zBatteryLevels = z.object({
  deviceId: z.uuid(),
  period: z.enum(BATTERY_LEVEL_PERIODS),
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.number().int(),
  points: z.array(zBatteryLevelPoint),
  /** The last report's battery in the period; null when the watch reported none. */
  latest: z.object({ at: z.string(), battery: z.number() }).nullable(),
  /** The lowest battery reported in the period, and when. */
  lowest: z.object({ at: z.string(), battery: z.number() }).nullable(),
});
export type BatteryLevels = z.infer<typeof zBatteryLevels>;
