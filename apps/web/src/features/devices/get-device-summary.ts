import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceSummary } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/summary: the dashboard chart's counts. */
export function getDeviceSummary(): Promise<DeviceSummary> {
  return apiFetch('/api/devices/summary');
}

export const deviceSummaryQueryOptions = queryOptions({
  queryKey: [...DEVICES_QUERY_KEY, 'summary'],
  queryFn: getDeviceSummary,
});

export function useDeviceSummary() {
  return useQuery(deviceSummaryQueryOptions);
}
