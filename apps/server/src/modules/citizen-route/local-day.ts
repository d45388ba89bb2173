/**
 * The instants a local calendar day covers in an IANA time zone: from its midnight (inclusive) to
 * the next day's midnight (exclusive). A day is 23 or 25 hours when the clocks change.
 */

// Module-wide on purpose: a formatter per time zone is a fixed fact, the same for every app.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
export function zoneOffsetMilliseconds(timeZone: string, instant: number): number {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the zone's wall clock shows midnight of `year-month-day` (month 1-12). */
function localMidnight(timeZone: string, year: number, month: number, day: number): number {
  const wall = Date.UTC(year, month - 1, day);
  const guess = wall - zoneOffsetMilliseconds(timeZone, wall);
  // The offset at the guess is the one in force at local midnight, unless a change lies between.
  return wall - zoneOffsetMilliseconds(timeZone, guess);
}

/** The bounds of the local day `date` (`YYYY-MM-DD`) in `timeZone`. */
export function localDayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return {
    from: new Date(localMidnight(timeZone, year, month, day)),
    to: new Date(localMidnight(timeZone, year, month, day + 1)),
  };
}
