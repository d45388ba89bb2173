import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { citizenEndpoints, type AlarmReceiverCandidates } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { CITIZENS_QUERY_KEY } from './get-citizens';

/** GET /api/citizens/alarm-receiver-candidates?filter=: the tenant's users and contact people. */
export function getAlarmReceiverCandidates(filter: string): Promise<AlarmReceiverCandidates> {
  return callEndpoint(citizenEndpoints.alarmReceiverCandidates, { query: { filter } });
}

export const alarmReceiverCandidatesQueryOptions = (filter: string) =>
  queryOptions({
    queryKey: [...CITIZENS_QUERY_KEY, 'alarm-receiver-candidates', filter],
    queryFn: () => getAlarmReceiverCandidates(filter),
    placeholderData: keepPreviousData,
  });

export function useAlarmReceiverCandidates(filter: string, enabled: boolean) {
  return useQuery({ ...alarmReceiverCandidatesQueryOptions(filter), enabled });
}
