import { deviceConnectionEndpoints, type ConnectedDeviceList } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { DEVICES_QUERY_KEY } from './get-devices';

/** Under the devices key: connecting, renaming and disconnecting invalidate every device list. */
export const CONNECTED_DEVICES_QUERY_KEY = [...DEVICES_QUERY_KEY, 'connected'] as const;

/** GET /api/device-connection: the household's watches (getAssignDeviceToUser). */
export function getConnectedDevices(): Promise<ConnectedDeviceList> {
  return callEndpoint(deviceConnectionEndpoints.list);
}

export const connectedDevicesQueryOptions = queryOptions({
  queryKey: CONNECTED_DEVICES_QUERY_KEY,
  queryFn: getConnectedDevices,
});

export function useConnectedDevices() {
  return useQuery(connectedDevicesQueryOptions);
}
