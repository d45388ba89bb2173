import { z } from 'zod';
import { keyWithParams, zDateTimeInput } from './field-rules';

/**
 * Vitals (issue 21): heart rate, SpO2, blood pressure and body temperature the 3G watches send
 * (`bphrt`, `BLOOD`, `PULSE`, `heart`, `oxygen`, `TEMP`, `btemp2` frames), kept per citizen as time
 * series as long as positions, charted on the citizen page, with optional thresholds per citizen
 * that raise a `vitals` alarm.
 */

/** The measures, in the order screens show them; each is a report attribute of the same name. */
export const VITAL_MEASURES = ['heartRate', 'spo2', 'systolic', 'diastolic', 'temperature'] as const;
export type VitalMeasure = (typeof VITAL_MEASURES)[number];

/**
 * What a human body can show, inclusive: a reading outside is a sensor fault (a watch off the
 * wrist measures 0 or 255) and is not stored. Heart rate in beats a minute, SpO2 in percent, blood
 * pressure in mmHg, temperature in °C. Thresholds must lie within the same ranges.
 */
export const VITAL_PLAUSIBLE_RANGES: Record<VitalMeasure, { min: number; max: number }> = {
  heartRate: { min: 20, max: 250 },
  spo2: { min: 50, max: 100 },
  systolic: { min: 40, max: 260 },
  diastolic: { min: 40, max: 260 },
  temperature: { min: 30, max: 45 },
};

/** The units the screens show with each measure. */
export const VITAL_UNITS: Record<VitalMeasure, string> = {
  heartRate: 'bpm',
  spo2: '%',
  systolic: 'mmHg',
  diastolic: 'mmHg',
  temperature: '°C',
};

export const VITAL_PERIODS = ['day', 'week', 'month'] as const;
export type VitalPeriod = (typeof VITAL_PERIODS)[number];

/** How long each period is (a month is 30 days, as for battery levels). */
export const VITAL_PERIOD_SECONDS: Record<VitalPeriod, number> = {
  day: 86_400,
  week: 7 * 86_400,
  month: 30 * 86_400,
};

/** Most points of one measure an answer holds. */
export const VITAL_MAX_POINTS = 500;

/** The bucket width of a period: the period split into at most `VITAL_MAX_POINTS`, whole seconds. */
export function vitalBucketSeconds(period: VitalPeriod): number {
  return Math.ceil(VITAL_PERIOD_SECONDS[period] / VITAL_MAX_POINTS);
}

/** GET /api/citizens/:id/vitals: the period ending at `end` (now when left out). */
export const zVitalsRequest = z.object({
  period: z.enum(VITAL_PERIODS).optional().default('day'),
  end: zDateTimeInput.optional(),
});
export type VitalsRequest = z.input<typeof zVitalsRequest>;

/** One bucket of one measure: its start, and the average, lowest and highest reading in it. */
export const zVitalPoint = z.object({
  at: z.string(),
  value: z.number(),
  min: z.number(),
  max: z.number(),
});
export type VitalPoint = z.infer<typeof zVitalPoint>;

/** A single reading of one measure and when the watch took it. */
export const zVitalReading = z.object({ at: z.string(), value: z.number() });
export type VitalReading = z.infer<typeof zVitalReading>;

const perMeasure = <T extends z.ZodType>(schema: T) =>
  z.object({
    heartRate: schema,
    spo2: schema,
    systolic: schema,
    diastolic: schema,
    temperature: schema,
  });

export const zVitals = z.object({
  citizenId: z.uuid(),
  period: z.enum(VITAL_PERIODS),
  from: z.string(),
  to: z.string(),
  bucketSeconds: z.number().int(),
  /** Each measure's buckets in the period, oldest first; only buckets that hold a reading. */
  series: perMeasure(z.array(zVitalPoint)),
  /** Each measure's last reading up to the period's end (also before the period); null if none. */
  latest: perMeasure(zVitalReading.nullable()),
});
export type Vitals = z.infer<typeof zVitals>;

export const VITALS_MESSAGE_KEYS = {
  /** A lower threshold must be below the upper one. */
  minBelowMax: 'vitals:validation.minBelowMax',
} as const;

const threshold = (measure: VitalMeasure, integer: boolean) => {
  const { min, max } = VITAL_PLAUSIBLE_RANGES[measure];
  const number = integer ? z.number().int() : z.number();
  return number.min(min).max(max).nullable();
};

/** The threshold fields; null means "no limit". Whole numbers except temperature (one decimal). */
const zVitalThresholdFields = z.object({
  heartRateMin: threshold('heartRate', true),
  heartRateMax: threshold('heartRate', true),
  spo2Min: threshold('spo2', true),
  systolicMax: threshold('systolic', true),
  temperatureMin: threshold('temperature', false),
  temperatureMax: threshold('temperature', false),
});
export type VitalThresholdFields = z.infer<typeof zVitalThresholdFields>;

/** The pairs a lower limit must stay below. */
const THRESHOLD_PAIRS = [
  ['heartRateMin', 'heartRateMax'],
  ['temperatureMin', 'temperatureMax'],
] as const;

/** PUT /api/citizens/:id/vital-thresholds: every limit, null to have none. */
export const zVitalThresholdsRequest = zVitalThresholdFields.superRefine((value, context) => {
  for (const [low, high] of THRESHOLD_PAIRS) {
    const lower = value[low];
    const upper = value[high];
    if (lower !== null && upper !== null && lower >= upper) {
      context.addIssue({
        code: 'custom',
        path: [high],
        message: keyWithParams(VITALS_MESSAGE_KEYS.minBelowMax, { min: lower }),
      });
    }
  }
});
export type VitalThresholdsRequest = z.input<typeof zVitalThresholdsRequest>;

export const zVitalThresholds = zVitalThresholdFields.extend({
  citizenId: z.uuid(),
  /** When they were last saved; null when the citizen never had thresholds. */
  updatedAt: z.string().nullable(),
});
export type VitalThresholds = z.infer<typeof zVitalThresholds>;

/** No limits: what a citizen without saved thresholds has. */
export const NO_VITAL_THRESHOLDS: VitalThresholdFields = {
  heartRateMin: null,
  heartRateMax: null,
  spo2Min: null,
  systolicMax: null,
  temperatureMin: null,
  temperatureMax: null,
};

/** One measure a reading had outside the citizen's thresholds (the alarm history's detail). */
export interface VitalOutOfRange {
  measure: VitalMeasure;
  value: number;
  min?: number;
  max?: number;
}
