import type { CitizenList, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';
import { GEOFENCES_QUERY_KEY } from './get-geofences';

/** Key of one geofence's citizens list; linking citizens elsewhere refreshes it on the next open. */
export const geofenceCitizensQueryKey = (geofenceId: string) => [
  ...GEOFENCES_QUERY_KEY,
  geofenceId,
  'citizens',
];

/** GET /api/geofences/{id}/citizens: the citizens kept inside one geofence, paged. */
export function getGeofenceCitizens(geofenceId: string, request: PagedRequest): Promise<CitizenList> {
  return apiFetch(`/api/geofences/${geofenceId}/citizens${toQueryString(request)}`);
}
