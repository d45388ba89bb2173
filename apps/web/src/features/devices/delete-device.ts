import { deviceEndpoints } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { DEVICES_QUERY_KEY } from './get-devices';

/** DELETE /api/devices/{id}: the product instance goes; the IMEI can be registered again. */
export function deleteDevice(id: string): Promise<unknown> {
  return callEndpoint(deviceEndpoints.delete, { params: { id } });
}

export function useDeleteDevice() {
  return useCrudMutation({
    mutationFn: deleteDevice,
    queryKey: DEVICES_QUERY_KEY,
    entityKey: 'devices:entity',
    operation: 'delete',
  });
}
