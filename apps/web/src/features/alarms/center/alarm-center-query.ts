import { ALARM_KINDS, ALARM_STATES, type AlarmKind, type AlarmState } from '@homeward/contracts';
import { useSearchParams } from 'react-router';
import type { AlarmFilters } from '../get-alarms';

/**
 * The alarm center's filters as they stand in the address (`/alarms?kind=sos&from=2026-11-01`), so
 * a link or a reload shows the same alarms. The period is whole days in the browser's time zone;
 * the names of the chosen citizen and organization ride along so their fields can show them.
 */
export interface AlarmCenterQuery {
  state?: AlarmState;
  kind?: AlarmKind;
  citizenId?: string;
  citizenName?: string;
  organizationId?: string;
  organizationName?: string;
  /** `YYYY-MM-DD`, the first day shown. */
  from?: string;
  /** `YYYY-MM-DD`, the last day shown. */
  to?: string;
}

const KEYS = [
  'state',
  'kind',
  'citizenId',
  'citizenName',
  'organizationId',
  'organizationName',
  'from',
  'to',
] as const satisfies readonly (keyof AlarmCenterQuery)[];

/** An id as the API writes it; anything else in the address is ignored. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (text: string | null): text is string =>
  text !== null && DAY.test(text) && !Number.isNaN(new Date(`${text}T00:00:00`).getTime());

/** The query's filters from the address; anything malformed (a hand-edited link) is left out. */
export function parseAlarmCenterQuery(params: URLSearchParams): AlarmCenterQuery {
  const state = params.get('state');
  const kind = params.get('kind');
  const citizenId = params.get('citizenId');
  const organizationId = params.get('organizationId');
  const from = params.get('from');
  const to = params.get('to');
  return {
    ...((ALARM_STATES as readonly string[]).includes(state ?? '') ? { state: state as AlarmState } : {}),
    ...((ALARM_KINDS as readonly string[]).includes(kind ?? '') ? { kind: kind as AlarmKind } : {}),
    ...(citizenId && UUID.test(citizenId)
      ? { citizenId, citizenName: params.get('citizenName') ?? undefined }
      : {}),
    ...(organizationId && UUID.test(organizationId)
      ? { organizationId, organizationName: params.get('organizationName') ?? undefined }
      : {}),
    ...(isDay(from) ? { from } : {}),
    ...(isDay(to) ? { to } : {}),
  };
}

export function toSearchParams(query: AlarmCenterQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  return params;
}

/** What the server is asked: the period's days from the first one's start to the last one's end. */
export function toAlarmFilters(query: AlarmCenterQuery): AlarmFilters {
  return {
    state: query.state,
    kind: query.kind,
    citizenId: query.citizenId,
    organizationId: query.organizationId,
    from: query.from ? new Date(`${query.from}T00:00:00`).toISOString() : undefined,
    to: query.to ? new Date(`${query.to}T23:59:59.999`).toISOString() : undefined,
  };
}

/** The filters of the address, and a setter that replaces them there (Back leaves the center, not a filter). */
export function useAlarmCenterQuery(): [AlarmCenterQuery, (next: AlarmCenterQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = parseAlarmCenterQuery(params);
  return [query, (next) => setParams(toSearchParams(next), { replace: true })];
}
