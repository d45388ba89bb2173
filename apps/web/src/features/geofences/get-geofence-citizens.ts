import { geofenceEndpoints, type CitizenList, type PagedRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { GEOFENCES_QUERY_KEY } from './get-geofences';

/** Key of one geofence's citizens list; linking citizens elsewhere refreshes it on the next open. */
export const geofenceCitizensQueryKey = (geofenceId: string) => [
  ...GEOFENCES_QUERY_KEY,
  geofenceId,
  'citizens',
];

/** GET /api/geofences/{id}/citizens: the citizens kept inside one geofence, paged. */
export function getGeofenceCitizens(geofenceId: string, request: PagedRequest): Promise<CitizenList> {
  return callEndpoint(geofenceEndpoints.citizens, { params: { id: geofenceId }, query: request });
}
