import type {
  AlarmKind,
  AlarmListRequest,
  AlarmListResponse,
  AlarmState,
  PagedRequest,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

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
  return apiFetch(`/api/alarms${toQueryString(toAlarmListRequest(request, filters))}`);
}
