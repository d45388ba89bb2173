import { geofenceEndpoints, type Geofence, type SaveGeofenceRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Geofence writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which invalidates
 * GEOFENCES_QUERY_KEY and toasts the outcome.
 */

/** POST /api/geofences. */
export function createGeofence(body: SaveGeofenceRequest): Promise<Geofence> {
  return callEndpoint(geofenceEndpoints.create, { body });
}

/** PUT /api/geofences/:id: name, description and area (the kind follows the drawing). */
export function updateGeofence(id: string, body: SaveGeofenceRequest): Promise<Geofence> {
  return callEndpoint(geofenceEndpoints.update, { params: { id }, body });
}

/** DELETE /api/geofences/:id. */
export function deleteGeofence(id: string): Promise<unknown> {
  return callEndpoint(geofenceEndpoints.delete, { params: { id } });
}
