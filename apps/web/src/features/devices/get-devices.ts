import {
  deviceEndpoints,
  type DeviceList,
  type DeviceListRequest,
  type DeviceStatus,
  type PagedRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every devices query; registering, changing or deleting a device invalidates it. */
export const DEVICES_QUERY_KEY = ['devices'] as const;

/** The battery bands of the filter, as the API's inclusive percentage range. */
export const BATTERY_BANDS = {
  low: { batteryMin: 0, batteryMax: 19 },
  medium: { batteryMin: 20, batteryMax: 50 },
  high: { batteryMin: 51, batteryMax: 100 },
} as const;
export type BatteryBand = keyof typeof BATTERY_BANDS;

/** The dashboard's and the devices screen's filters. */
export interface DeviceFilters {
  status?: DeviceStatus;
  battery?: BatteryBand;
  organizationId?: string;
}

export function toDeviceListRequest(request: PagedRequest, filters: DeviceFilters = {}): DeviceListRequest {
  return {
    ...request,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.battery ? BATTERY_BANDS[filters.battery] : {}),
    ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
  };
}

/** GET /api/devices: one page of the tenant's watches, sorted and filtered on the server. */
export function getDevices(request: PagedRequest, filters: DeviceFilters = {}): Promise<DeviceList> {
  return callEndpoint(deviceEndpoints.list, { query: toDeviceListRequest(request, filters) });
}
