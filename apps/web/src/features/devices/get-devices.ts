import type { DeviceList, PagedRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every devices query; registering a device invalidates it. */
export const DEVICES_QUERY_KEY = ['devices'] as const;

/** GET /api/devices: one page of the tenant's watches. */
export function getDevices(request: PagedRequest): Promise<DeviceList> {
  return apiFetch(`/api/devices${toQueryString(request)}`);
}
