import { deviceEndpoints, type DeviceActivationCode } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';
import { DEVICES_QUERY_KEY } from './get-devices';

/** GET /api/devices/{id}/activation-code: the code printed on the watch's box (staff). */
export function getActivationCode(deviceId: string): Promise<DeviceActivationCode> {
  return callEndpoint(deviceEndpoints.activationCode, { params: { id: deviceId } });
}

export const activationCodeQueryOptions = (deviceId: string) =>
  queryOptions({
    queryKey: [...DEVICES_QUERY_KEY, deviceId, 'activation-code'],
    queryFn: () => getActivationCode(deviceId),
    // A secret on screen only while the dialog is open; never kept for later.
    gcTime: 0,
  });

export function useActivationCode(deviceId: string) {
  return useQuery(activationCodeQueryOptions(deviceId));
}
