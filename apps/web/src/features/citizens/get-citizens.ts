import { queryOptions, useQuery } from '@tanstack/react-query';
import { citizenEndpoints, type Citizen, type CitizenList, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every citizen query (list, one citizen, pickers); citizen mutations invalidate it. */
export const CITIZENS_QUERY_KEY = ['citizens'] as const;

/** GET /api/citizens: one page, searched and sorted on the server; CPR numbers come masked. */
export function getCitizens(request: PagedRequest): Promise<CitizenList> {
  return callEndpoint(citizenEndpoints.list, { query: request });
}

/** GET /api/citizens/:id: information, watches, geofences and alarm receivers. */
export function getCitizen(id: string): Promise<Citizen> {
  return callEndpoint(citizenEndpoints.get, { params: { id } });
}

export const citizenQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CITIZENS_QUERY_KEY, 'one', id], queryFn: () => getCitizen(id) });

export function useCitizen(id: string) {
  return useQuery(citizenQueryOptions(id));
}
