import {
  alarmEndpoints,
  type AlarmKind,
  type AlarmListRequest,
  type AlarmListResponse,
  type AlarmState,
  type PagedRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every alarms query; acknowledging, handling or a pushed alarm invalidates it. */
export const ALARMS_QUERY_KEY = ['alarms'] as const;

/** The list's filters; the server does the filtering. */
export interface AlarmFilters {
  state?: AlarmState;
  kind?: AlarmKind;
  citizenId?: string;
  organizationId?: string;
  /** ISO times bounding when the alarms last occurred. */
  from?: string;
  to?: string;
}

export function toAlarmListRequest(request: PagedRequest, filters: AlarmFilters = {}): AlarmListRequest {
  return { ...request, ...filters };
}

/** GET /api/alarms: one page of the tenant's alarms, newest (last raised) first. */
export function getAlarms(request: PagedRequest, filters: AlarmFilters = {}): Promise<AlarmListResponse> {
  return callEndpoint(alarmEndpoints.list, { query: toAlarmListRequest(request, filters) });
}
