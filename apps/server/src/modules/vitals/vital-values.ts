import {
  VITAL_MEASURES,
  VITAL_PLAUSIBLE_RANGES,
  type DeviceReport,
  type VitalMeasure,
  type VitalOutOfRange,
  type VitalThresholdFields,
} from '@homeward/contracts';

/** The measures one reading carries (at least one). */
export type VitalValues = Partial<Record<VitalMeasure, number>>;

/** A number an attribute holds: a number, or text that is one (a query-string protocol's). */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * The vital values a report's attributes carry (the watch decoder names them `heartRate`, `spo2`,
 * `systolic`, `diastolic`, `temperature`), without implausible ones (`VITAL_PLAUSIBLE_RANGES`: a
 * watch off the wrist reports 0, a failed sensor 255). Null when none is left: most reports.
 */
export function vitalValuesOf(report: DeviceReport): VitalValues | null {
  let values: VitalValues | null = null;
  for (const measure of VITAL_MEASURES) {
    const value = numberOf(report.attributes[measure]);
    if (value === undefined) continue;
    const range = VITAL_PLAUSIBLE_RANGES[measure];
    if (value < range.min || value > range.max) continue;
    (values ??= {})[measure] = value;
  }
  return values;
}

/** The limits of each measure a citizen's thresholds set (diastolic has none). */
function limitsOf(
  thresholds: VitalThresholdFields,
): Partial<Record<VitalMeasure, { min?: number; max?: number }>> {
  const limit = (min: number | null, max: number | null) => ({
    ...(min !== null ? { min } : {}),
    ...(max !== null ? { max } : {}),
  });
  return {
    heartRate: limit(thresholds.heartRateMin, thresholds.heartRateMax),
    spo2: limit(thresholds.spo2Min, null),
    systolic: limit(null, thresholds.systolicMax),
    temperature: limit(thresholds.temperatureMin, thresholds.temperatureMax),
  };
}

/** How a reading compares with a citizen's thresholds. */
export interface ThresholdCheck {
  /** The measures outside (below a minimum or above a maximum), with the limits they broke. */
  outOfRange: VitalOutOfRange[];
  /** The measures the reading carries that have a limit and are within it. */
  withinRange: VitalMeasure[];
}

/** Compares a reading's values with the citizen's thresholds; a limit is itself within range. */
export function checkThresholds(values: VitalValues, thresholds: VitalThresholdFields): ThresholdCheck {
  const outOfRange: VitalOutOfRange[] = [];
  const withinRange: VitalMeasure[] = [];
  const limits = limitsOf(thresholds);
  for (const measure of VITAL_MEASURES) {
    const value = values[measure];
    const limit = limits[measure];
    if (value === undefined || !limit || (limit.min === undefined && limit.max === undefined)) continue;
    if ((limit.min !== undefined && value < limit.min) || (limit.max !== undefined && value > limit.max)) {
      outOfRange.push({ measure, value, ...limit });
    } else {
      withinRange.push(measure);
    }
  }
  return { outOfRange, withinRange };
}
