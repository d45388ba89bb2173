import { deviceEndpoints, type Device, type UpdateDeviceRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { DEVICES_QUERY_KEY } from './get-devices';

/** PUT /api/devices/{id}: rename, or move to another organization. */
export function updateDevice({ id, ...body }: UpdateDeviceRequest & { id: string }): Promise<Device> {
  return callEndpoint(deviceEndpoints.update, { params: { id }, body });
}

export function useUpdateDevice() {
  return useCrudMutation({
    mutationFn: updateDevice,
    queryKey: DEVICES_QUERY_KEY,
    entityKey: 'devices:entity',
    operation: 'update',
  });
}
