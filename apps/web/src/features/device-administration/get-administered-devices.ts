import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  deviceAdministrationEndpoints,
  type AdministeredDevice,
  type AdministeredDeviceList,
  type AdministeredDeviceListRequest,
  type DeviceHistoryList,
  type PagedRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every device administration query; its mutations invalidate it. */
export const DEVICE_ADMINISTRATION_QUERY_KEY = ['device-administration'] as const;

/** GET /api/device-administration/devices: one page, sorted and searched on the server. */
export function getAdministeredDevices(
  request: AdministeredDeviceListRequest,
): Promise<AdministeredDeviceList> {
  return callEndpoint(deviceAdministrationEndpoints.list, { query: request });
}

/** GET /api/device-administration/devices/:id. */
export function getAdministeredDevice(id: string): Promise<AdministeredDevice> {
  return callEndpoint(deviceAdministrationEndpoints.get, { params: { id } });
}

export const administeredDeviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DEVICE_ADMINISTRATION_QUERY_KEY, 'one', id],
    queryFn: () => getAdministeredDevice(id),
  });

export function useAdministeredDevice(id: string) {
  return useQuery(administeredDeviceQueryOptions(id));
}

/** GET /api/device-administration/devices/:id/history: newest first. */
export function getDeviceHistory(id: string, request: PagedRequest): Promise<DeviceHistoryList> {
  return callEndpoint(deviceAdministrationEndpoints.history, { params: { id }, query: request });
}

export const deviceHistoryQueryOptions = (
  id: string,
  request: { skipCount: number; maxResultCount: number },
) =>
  queryOptions({
    queryKey: [...DEVICE_ADMINISTRATION_QUERY_KEY, 'history', id, request],
    queryFn: () => getDeviceHistory(id, request),
  });

export function useDeviceHistory(id: string, request: { skipCount: number; maxResultCount: number }) {
  return useQuery(deviceHistoryQueryOptions(id, request));
}

/** GET /api/device-administration/devices/:id/exchange-candidates: stock watches ready for sale. */
export function getExchangeCandidates(id: string, request: PagedRequest): Promise<AdministeredDeviceList> {
  return callEndpoint(deviceAdministrationEndpoints.exchangeCandidates, { params: { id }, query: request });
}

export function useExchangeCandidates(id: string, filter: string, enabled: boolean) {
  return useQuery({
    queryKey: [...DEVICE_ADMINISTRATION_QUERY_KEY, 'candidates', id, filter],
    queryFn: () =>
      getExchangeCandidates(id, { skipCount: 0, maxResultCount: 50, ...(filter ? { filter } : {}) }),
    enabled,
  });
}
