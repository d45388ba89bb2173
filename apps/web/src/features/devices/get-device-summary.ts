import { queryOptions, useQuery } from '@tanstack/react-query';
import { deviceEndpoints, type DeviceSummary } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/summary: the dashboard chart's counts. */
export function getDeviceSummary(): Promise<DeviceSummary> {
  return callEndpoint(deviceEndpoints.summary);
}

export const deviceSummaryQueryOptions = queryOptions({
  queryKey: [...DEVICES_QUERY_KEY, 'summary'],
  queryFn: getDeviceSummary,
});

export function useDeviceSummary() {
  return useQuery(deviceSummaryQueryOptions);
}
