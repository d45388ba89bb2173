import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GeofenceList, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every geofences query; geofence mutations invalidate it (the list and the map). */
export const GEOFENCES_QUERY_KEY = ['geofences'] as const;
export const GEOFENCES_PATH = '/api/geofences';

/** GET /api/geofences: one page, searched and sorted on the server. */
export function getGeofences(request: PagedRequest): Promise<GeofenceList> {
  return apiFetch(`${GEOFENCES_PATH}${toQueryString(request)}`);
}

/** Every geofence the map shows beside the list (the endpoint's largest page). */
export const geofenceMapQueryOptions = queryOptions({
  queryKey: [...GEOFENCES_QUERY_KEY, 'map'],
  queryFn: () => getGeofences({ maxResultCount: 1000, sorting: 'name asc' }),
});

export function useGeofenceMap() {
  return useQuery(geofenceMapQueryOptions);
}
