/**
 * CPR numbers (Danish personal identity numbers) never reach a log or the audit log in full. A
 * request URL can hold one (`GET /api/citizens?filter=010245-1234`, the exact CPR search), so URLs
 * are passed through this before they are written: a CPR number keeps its birth date and loses its
 * serial (`010245-XXXX`).
 *
 * What counts as a CPR number: a run of exactly 10 digits, with or without the dash after the 6th,
 * whose first six digits are a date (DDMMYY; the day may be raised by 60, as in replacement CPR
 * numbers). Masking every 10-digit number made logs lie about machine values: OsmAnd's
 * `timestamp=1795630000` showed as `179563-XXXX`. So a number that is no date stays, and so do the
 * values of query parameters that hold times (`timestamp=1801150000` is a date by accident), while
 * the value of a parameter that names a CPR number (`cpr=`) is masked whatever its digits. Longer
 * digit runs (IMEIs), shorter ones and numbers after a `+` (phone numbers) are left alone, and so
 * are uuids: an entity id such as `…-5a1621707406` holds 10 digits in a row but is no CPR number,
 * and masking part of it would make the logged URL point nowhere.
 */
const UUID_OR_CPR =
  /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|(?<![\d+])(?<!%2B)(\d{6})(?:-|%2D)?\d{4}(?!\d)/gi;

/** Query parameters whose value is a CPR number by name (compared in lower case). */
const CPR_PARAMETERS = new Set(['cpr', 'cprnumber', 'cpr_number', 'personalnumber', 'personal_number']);

/** Query parameters whose value is a time, never a CPR number (OsmAnd and other device protocols). */
const TIME_PARAMETERS = new Set(['timestamp', 'time', 'ts', 'fixtime', 'devicetime', 'servertime']);

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether DDMMYY is a calendar date. The century is not in the number, so 29 February counts in
 * every year divisible by 4 (2000 was a leap year, 1900 was not, and both end in 00).
 */
export function isCprBirthDate(ddmmyy: string): boolean {
  const rawDay = Number(ddmmyy.slice(0, 2));
  const month = Number(ddmmyy.slice(2, 4));
  const year = Number(ddmmyy.slice(4, 6));
  const day = rawDay > 60 ? rawDay - 60 : rawDay;
  if (month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return false;
  return !(month === 2 && day === 29 && year % 4 !== 0);
}

/** Masks the CPR numbers in `text`; `always` also masks 10-digit runs that are no date. */
function maskNumbers(text: string, always = false): string {
  // The uuid alternative comes first, so a uuid is consumed whole before a CPR match can start in it.
  return text.replace(UUID_OR_CPR, (match, uuid: string | undefined, birthDate: string | undefined) =>
    uuid || !birthDate || (!always && !isCprBirthDate(birthDate)) ? match : `${birthDate}-XXXX`,
  );
}

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

function maskQuery(query: string): string {
  return query.replace(/([^&;=]*)(=?)([^&;]*)/g, (whole, name: string, equals: string, value: string) => {
    if (!equals) return maskNumbers(whole);
    const key = parameterName(name);
    if (TIME_PARAMETERS.has(key)) return whole;
    return `${maskNumbers(name)}=${maskNumbers(value, CPR_PARAMETERS.has(key))}`;
  });
}

/** `text` (a URL or any line) with its CPR numbers masked. */
export function redactCprNumbers(text: string): string {
  const queryStart = text.indexOf('?');
  if (queryStart < 0) return maskNumbers(text);
  const fragmentStart = text.indexOf('#', queryStart);
  const queryEnd = fragmentStart < 0 ? text.length : fragmentStart;
  return (
    maskNumbers(text.slice(0, queryStart + 1)) +
    maskQuery(text.slice(queryStart + 1, queryEnd)) +
    maskNumbers(text.slice(queryEnd))
  );
}
