import { citizenEndpoints, type VitalThresholds } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** Prefix of every vital-thresholds query. */
export const VITAL_THRESHOLDS_QUERY_KEY = ['vital-thresholds'] as const;

/** GET /api/citizens/:id/vital-thresholds: the citizen's limits (null: none). */
export function getVitalThresholds(citizenId: string): Promise<VitalThresholds> {
  return callEndpoint(citizenEndpoints.vitalThresholds, { params: { id: citizenId } });
}

export const vitalThresholdsQueryOptions = (citizenId: string) =>
  queryOptions({
    queryKey: [...VITAL_THRESHOLDS_QUERY_KEY, citizenId],
    queryFn: () => getVitalThresholds(citizenId),
  });

export function useVitalThresholds(citizenId: string, enabled = true) {
  return useQuery({ ...vitalThresholdsQueryOptions(citizenId), enabled });
}
