const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

function formatOf(locale: string): Intl.RelativeTimeFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'long' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * How long ago `at` was, in the UI language ("3 minutes ago", "for 3 minutter siden"): in whole
 * days, hours or minutes, or seconds under a minute; a time a little ahead (a watch's clock) counts
 * as now. Null without a time.
 */
export function positionAgeText(at: string | null, now: number, locale: string): string | null {
  if (!at) return null;
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  const format = formatOf(locale);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-seconds, 'second');
}
