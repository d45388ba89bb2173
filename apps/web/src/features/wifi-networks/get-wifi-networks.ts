import {
  wifiNetworkEndpoints,
  type WifiNetworkListRequest,
  type WifiNetworkListResponse,
} from '@homeward/contracts';
import { callEndpoint, downloadEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every Wi-Fi networks query; the mutations invalidate it. */
export const WIFI_NETWORKS_QUERY_KEY = ['wifi-networks'] as const;

/** The list's filters besides paging and search. */
export type WifiNetworkFilterValues = Pick<WifiNetworkListRequest, 'type' | 'trustLevel'>;

/** GET /api/wifis: one page, searched and filtered on the server. */
export function getWifiNetworks(request: WifiNetworkListRequest): Promise<WifiNetworkListResponse> {
  return callEndpoint(wifiNetworkEndpoints.list, { query: request });
}

/** GET /api/wifis/export: the same search and filters as an xlsx file. */
export function exportWifiNetworks(request: Pick<WifiNetworkListRequest, 'filter' | 'type' | 'trustLevel'>) {
  return downloadEndpoint(wifiNetworkEndpoints.export, { query: request }, 'wifi-networks.xlsx');
}
