import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmReceiverCandidates } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';
import { CITIZENS_PATH, CITIZENS_QUERY_KEY } from './get-citizens';

/** GET /api/citizens/alarm-receiver-candidates?filter=: the tenant's users and contact people. */
export function getAlarmReceiverCandidates(filter: string): Promise<AlarmReceiverCandidates> {
  return apiFetch(`${CITIZENS_PATH}/alarm-receiver-candidates${toQueryString({ filter })}`);
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
