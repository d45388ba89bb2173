import { alarmEndpoints, type AlarmStatistics } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { ALARMS_QUERY_KEY, type AlarmFilters } from './get-alarms';

/** GET /api/alarms/statistics: the count and the times to acknowledge and handle of the filtered alarms. */
export function getAlarmStatistics(filters: AlarmFilters): Promise<AlarmStatistics> {
  return callEndpoint(alarmEndpoints.statistics, { query: filters });
}

// Under the alarms key, so a pushed alarm or an action refreshes the figures with the list.
export const alarmStatisticsQueryOptions = (filters: AlarmFilters) =>
  queryOptions({
    queryKey: [...ALARMS_QUERY_KEY, 'statistics', filters],
    queryFn: () => getAlarmStatistics(filters),
    // Alarms change behind the screen's back: what was acted on elsewhere shows when it opens.
    refetchOnMount: true,
  });

export function useAlarmStatistics(filters: AlarmFilters) {
  return useQuery(alarmStatisticsQueryOptions(filters));
}
