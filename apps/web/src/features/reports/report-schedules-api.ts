import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportScheduleListResponse, SaveReportScheduleRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';

/*
 * Report schedules (/api/reports/schedules). The writes' hooks come from the CRUD scaffolding
 * (`useCrudMutation`), which invalidates REPORT_SCHEDULES_QUERY_KEY and toasts the outcome.
 */

export const REPORT_SCHEDULES_QUERY_KEY = ['report-schedules'] as const;
const SCHEDULES_PATH = '/api/reports/schedules';

/** GET /api/reports/schedules. */
export function getReportSchedules(): Promise<ReportScheduleListResponse> {
  return apiFetch(SCHEDULES_PATH);
}

export const reportSchedulesQueryOptions = queryOptions({
  queryKey: REPORT_SCHEDULES_QUERY_KEY,
  queryFn: getReportSchedules,
});

export function useReportSchedules() {
  return useQuery(reportSchedulesQueryOptions);
}

/** POST /api/reports/schedules. */
export function createReportSchedule(body: SaveReportScheduleRequest): Promise<unknown> {
  return apiFetch(SCHEDULES_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/reports/schedules/:id. */
export function updateReportSchedule(id: string, body: SaveReportScheduleRequest): Promise<unknown> {
  return apiFetch(`${SCHEDULES_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/reports/schedules/:id. */
export function deleteReportSchedule(id: string): Promise<unknown> {
  return apiFetch(`${SCHEDULES_PATH}/${id}`, { method: 'DELETE' });
}
