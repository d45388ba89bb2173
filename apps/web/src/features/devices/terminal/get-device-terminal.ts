import { deviceTerminalEndpoints, type DeviceTerminal } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { DEVICES_QUERY_KEY } from '../get-devices';

/** GET /api/devices/{id}/terminal: the device's identity, product, live state and SIM number. */
export function getDeviceTerminal(deviceId: string): Promise<DeviceTerminal> {
  return callEndpoint(deviceTerminalEndpoints.get, { params: { id: deviceId } });
}

/** Under the devices prefix, so a reconnected realtime channel fetches it again. */
export const deviceTerminalQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: [...DEVICES_QUERY_KEY, deviceId, 'terminal'],
    queryFn: () => getDeviceTerminal(deviceId),
  });

export function useDeviceTerminal(deviceId: string) {
  return useQuery(deviceTerminalQueryOptions(deviceId));
}
