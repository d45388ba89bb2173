import type { Device, UpdateDeviceRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { DEVICES_QUERY_KEY } from './get-devices';

/** PUT /api/devices/{id}: rename, or move to another organization. */
export function updateDevice({ id, ...body }: UpdateDeviceRequest & { id: string }): Promise<Device> {
  return apiFetch(`/api/devices/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

export function useUpdateDevice() {
  return useCrudMutation({
    mutationFn: updateDevice,
    queryKey: DEVICES_QUERY_KEY,
    entityKey: 'devices:entity',
    operation: 'update',
  });
}
