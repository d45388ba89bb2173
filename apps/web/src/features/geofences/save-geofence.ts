import type { Geofence, SaveGeofenceRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { GEOFENCES_PATH } from './get-geofences';

/*
 * Geofence writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * GEOFENCES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/geofences. */
export function createGeofence(body: SaveGeofenceRequest): Promise<Geofence> {
  return apiFetch(GEOFENCES_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/geofences/:id: name, description and area (the kind follows the drawing). */
export function updateGeofence(id: string, body: SaveGeofenceRequest): Promise<Geofence> {
  return apiFetch(`${GEOFENCES_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/geofences/:id. */
export function deleteGeofence(id: string): Promise<unknown> {
  return apiFetch(`${GEOFENCES_PATH}/${id}`, { method: 'DELETE' });
}
