import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  reportEndpoints,
  type ReportScheduleListResponse,
  type SaveReportScheduleRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Report schedules (/api/reports/schedules). The writes' hooks come from the CRUD scaffolding
 * (`useCrudMutation`), which invalidates REPORT_SCHEDULES_QUERY_KEY and toasts the outcome.
 */

export const REPORT_SCHEDULES_QUERY_KEY = ['report-schedules'] as const;

/** GET /api/reports/schedules. */
export function getReportSchedules(): Promise<ReportScheduleListResponse> {
  return callEndpoint(reportEndpoints.schedules);
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
  return callEndpoint(reportEndpoints.createSchedule, { body });
}

/** PUT /api/reports/schedules/:id. */
export function updateReportSchedule(id: string, body: SaveReportScheduleRequest): Promise<unknown> {
  return callEndpoint(reportEndpoints.updateSchedule, { params: { id }, body });
}

/** DELETE /api/reports/schedules/:id. */
export function deleteReportSchedule(id: string): Promise<unknown> {
  return callEndpoint(reportEndpoints.deleteSchedule, { params: { id } });
}
