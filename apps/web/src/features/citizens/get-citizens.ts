import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Citizen, CitizenList, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every citizen query (list, one citizen, pickers); citizen mutations invalidate it. */
export const CITIZENS_QUERY_KEY = ['citizens'] as const;
export const CITIZENS_PATH = '/api/citizens';

/** GET /api/citizens: one page, searched and sorted on the server; CPR numbers come masked. */
export function getCitizens(request: PagedRequest): Promise<CitizenList> {
  return apiFetch(`${CITIZENS_PATH}${toQueryString(request)}`);
}

/** GET /api/citizens/:id: information, watches, geofences and alarm receivers. */
export function getCitizen(id: string): Promise<Citizen> {
  return apiFetch(`${CITIZENS_PATH}/${id}`);
}

export const citizenQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...CITIZENS_QUERY_KEY, 'one', id], queryFn: () => getCitizen(id) });

export function useCitizen(id: string) {
  return useQuery(citizenQueryOptions(id));
}
