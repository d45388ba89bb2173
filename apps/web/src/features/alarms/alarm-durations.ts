import type { TFunction } from 'i18next';

/**
 * A number of seconds as people read a reaction time: "45 s", "3 min 5 s", "2 h 10 min". A
 * fraction (a median of 12.5 s) keeps its tenth below a minute and is rounded above.
 */
export function formatDuration(t: TFunction, seconds: number, language: string): string {
  if (seconds < 60) {
    const shown = new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(seconds);
    return t('alarms:duration.seconds', { seconds: shown });
  }
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  if (hours > 0) return t('alarms:duration.hours', { hours, minutes });
  return t('alarms:duration.minutes', { minutes, seconds: whole % 60 });
}
