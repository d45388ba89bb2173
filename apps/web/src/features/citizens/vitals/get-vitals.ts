import { citizenEndpoints, type VitalPeriod, type Vitals } from '@homeward/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** Prefix of every vitals query. */
export const VITALS_QUERY_KEY = ['vitals'] as const;

/** GET /api/citizens/:id/vitals: the citizen's readings over the period ending now. */
export function getVitals(citizenId: string, period: VitalPeriod): Promise<Vitals> {
  return callEndpoint(citizenEndpoints.vitals, { params: { id: citizenId }, query: { period } });
}

export const vitalsQueryOptions = (citizenId: string, period: VitalPeriod) =>
  queryOptions({
    queryKey: [...VITALS_QUERY_KEY, citizenId, period],
    queryFn: () => getVitals(citizenId, period),
  });

/** The period's vitals; while another period loads, the last one stays on screen (and its toggle). */
export function useVitals(citizenId: string, period: VitalPeriod) {
  return useQuery({ ...vitalsQueryOptions(citizenId, period), placeholderData: keepPreviousData });
}
