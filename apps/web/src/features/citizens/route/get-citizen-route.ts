import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CitizenRoute } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { CITIZENS_PATH, CITIZENS_QUERY_KEY } from '../get-citizens';

/** GET /api/citizens/:id/route: the track, stops and geofence crossings of one local day. */
export function getCitizenRoute(citizenId: string, date: string, timeZone: string): Promise<CitizenRoute> {
  const query = new URLSearchParams({ date, timeZone });
  return apiFetch(`${CITIZENS_PATH}/${citizenId}/route?${query.toString()}`);
}

export const citizenRouteQueryOptions = (citizenId: string, date: string, timeZone: string) =>
  queryOptions({
    queryKey: [...CITIZENS_QUERY_KEY, 'route', citizenId, date, timeZone],
    queryFn: () => getCitizenRoute(citizenId, date, timeZone),
  });

export function useCitizenRoute(citizenId: string, date: string, timeZone: string) {
  return useQuery(citizenRouteQueryOptions(citizenId, date, timeZone));
}
