import { queryOptions, useQuery } from '@tanstack/react-query';
import { citizenEndpoints, type CitizenRoute } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { CITIZENS_QUERY_KEY } from '../get-citizens';

/** GET /api/citizens/:id/route: the track, stops and geofence crossings of one local day. */
export function getCitizenRoute(citizenId: string, date: string, timeZone: string): Promise<CitizenRoute> {
  return callEndpoint(citizenEndpoints.route, { params: { id: citizenId }, query: { date, timeZone } });
}

export const citizenRouteQueryOptions = (citizenId: string, date: string, timeZone: string) =>
  queryOptions({
    queryKey: [...CITIZENS_QUERY_KEY, 'route', citizenId, date, timeZone],
    queryFn: () => getCitizenRoute(citizenId, date, timeZone),
  });

export function useCitizenRoute(citizenId: string, date: string, timeZone: string) {
  return useQuery(citizenRouteQueryOptions(citizenId, date, timeZone));
}
