import type { SaveWifiNetworkRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { WIFI_NETWORKS_PATH } from './get-wifi-networks';

/*
 * Wi-Fi network writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which
 * invalidates WIFI_NETWORKS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/wifis. */
export function createWifiNetwork(body: SaveWifiNetworkRequest): Promise<unknown> {
  return apiFetch(WIFI_NETWORKS_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/wifis/:id. */
export function updateWifiNetwork(id: string, body: SaveWifiNetworkRequest): Promise<unknown> {
  return apiFetch(`${WIFI_NETWORKS_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/wifis/:id. */
export function deleteWifiNetwork(id: string): Promise<unknown> {
  return apiFetch(`${WIFI_NETWORKS_PATH}/${id}`, { method: 'DELETE' });
}
