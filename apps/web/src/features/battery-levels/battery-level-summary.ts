import type { BatteryLevels } from '@homeward/contracts';
import type { TFunction } from 'i18next';

/**
 * The chart in words, for screen readers and anyone who cannot read a line: the latest reading and
 * the lowest of the period, with their times; or that the watch reported no battery in it.
 */
export function batteryLevelSummary(t: TFunction, levels: BatteryLevels, language: string): string {
  if (!levels.latest || !levels.lowest) return t('batteryLevels:empty');
  const time = (iso: string) =>
    new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  return t('batteryLevels:summary', {
    latest: Math.round(levels.latest.battery),
    latestAt: time(levels.latest.at),
    lowest: Math.round(levels.lowest.battery),
    lowestAt: time(levels.lowest.at),
  });
}
