import { alarmEndpoints, type AlarmDetail } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { ALARMS_QUERY_KEY } from './get-alarms';

/** GET /api/alarms/{id}: one alarm with its history. */
export function getAlarm(id: string): Promise<AlarmDetail> {
  return callEndpoint(alarmEndpoints.get, { params: { id } });
}

export const alarmQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...ALARMS_QUERY_KEY, 'detail', id], queryFn: () => getAlarm(id) });

export function useAlarm(id: string) {
  return useQuery(alarmQueryOptions(id));
}
