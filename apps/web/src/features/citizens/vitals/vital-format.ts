import { VITAL_UNITS, type VitalMeasure, type VitalThresholdFields } from '@homeward/contracts';
import type { TFunction } from 'i18next';

const AGE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * How long ago a reading was taken, in the UI language ("3 min ago", "for 2 timer siden"): the
 * largest whole unit, so a glance says whether the figure is fresh.
 */
export function readingAge(at: string, now: number, language: string): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of AGE_UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** A measure's value as screens show it: whole numbers, temperature with one decimal. */
export function vitalNumber(measure: VitalMeasure, value: number, language: string): string {
  const digits = measure === 'temperature' ? 1 : 0;
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A value with its unit: "72 bpm", "98 %", "36.5 °C". */
export function vitalWithUnit(measure: VitalMeasure, value: number, language: string): string {
  return `${vitalNumber(measure, value, language)} ${VITAL_UNITS[measure]}`;
}

/** The citizen's limits in words ("Heart rate 40–140 bpm, SpO₂ ≥ 90 %"), or null without any. */
export function thresholdsText(t: TFunction, limits: VitalThresholdFields, language: string): string | null {
  const parts: string[] = [];
  const range = (measure: VitalMeasure, min: number | null, max: number | null) => {
    const label = t(`vitals:measures.${measure}`);
    const unit = VITAL_UNITS[measure];
    const number = (value: number) => vitalNumber(measure, value, language);
    if (min !== null && max !== null) parts.push(`${label} ${number(min)}–${number(max)} ${unit}`);
    else if (min !== null) parts.push(`${label} ≥ ${number(min)} ${unit}`);
    else if (max !== null) parts.push(`${label} ≤ ${number(max)} ${unit}`);
  };
  range('heartRate', limits.heartRateMin, limits.heartRateMax);
  range('spo2', limits.spo2Min, null);
  range('systolic', null, limits.systolicMax);
  range('temperature', limits.temperatureMin, limits.temperatureMax);
  return parts.length > 0 ? parts.join(', ') : null;
}
