import type { WifiNetworkListRequest, WifiNetworkListResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { apiDownload } from '../../app/api/api-download';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every Wi-Fi networks query; the mutations invalidate it. */
export const WIFI_NETWORKS_QUERY_KEY = ['wifi-networks'] as const;
export const WIFI_NETWORKS_PATH = '/api/wifis';

/** The list's filters besides paging and search. */
export type WifiNetworkFilterValues = Pick<WifiNetworkListRequest, 'type' | 'trustLevel'>;

/** GET /api/wifis: one page, searched and filtered on the server. */
export function getWifiNetworks(request: WifiNetworkListRequest): Promise<WifiNetworkListResponse> {
  return apiFetch(`${WIFI_NETWORKS_PATH}${toQueryString(request)}`);
}

/** GET /api/wifis/export: the same search and filters as an xlsx file. */
export function exportWifiNetworks(request: Pick<WifiNetworkListRequest, 'filter' | 'type' | 'trustLevel'>) {
  return apiDownload(`${WIFI_NETWORKS_PATH}/export${toQueryString(request)}`, 'wifi-networks.xlsx');
}
