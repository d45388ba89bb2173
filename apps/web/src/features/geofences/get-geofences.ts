import { queryOptions, useQuery } from '@tanstack/react-query';
import { geofenceEndpoints, type GeofenceList, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every geofences query; geofence mutations invalidate it (the list and the map). */
export const GEOFENCES_QUERY_KEY = ['geofences'] as const;

/** GET /api/geofences: one page, searched and sorted on the server. */
export function getGeofences(request: PagedRequest): Promise<GeofenceList> {
  return callEndpoint(geofenceEndpoints.list, { query: request });
}

/** Every geofence the map shows beside the list (the endpoint's largest page). */
export const geofenceMapQueryOptions = queryOptions({
  queryKey: [...GEOFENCES_QUERY_KEY, 'map'],
  queryFn: () => getGeofences({ maxResultCount: 1000, sorting: 'name asc' }),
});

export function useGeofenceMap() {
  return useQuery(geofenceMapQueryOptions);
}
