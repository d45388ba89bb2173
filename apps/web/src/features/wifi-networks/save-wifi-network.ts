import { wifiNetworkEndpoints, type SaveWifiNetworkRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/*
 * Wi-Fi network writes. Their hooks come from the CRUD scaffolding (`useCrudMutation`), which
 * invalidates WIFI_NETWORKS_QUERY_KEY and toasts the outcome.
 */

/** POST /api/wifis. */
export function createWifiNetwork(body: SaveWifiNetworkRequest): Promise<unknown> {
  return callEndpoint(wifiNetworkEndpoints.create, { body });
}

/** PUT /api/wifis/:id. */
export function updateWifiNetwork(id: string, body: SaveWifiNetworkRequest): Promise<unknown> {
  return callEndpoint(wifiNetworkEndpoints.update, { params: { id }, body });
}

/** DELETE /api/wifis/:id. */
export function deleteWifiNetwork(id: string): Promise<unknown> {
  return callEndpoint(wifiNetworkEndpoints.delete, { params: { id } });
}
