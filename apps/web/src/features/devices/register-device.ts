import type { RegisterDeviceRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { DEVICES_QUERY_KEY } from './get-devices';

/** POST /api/devices. */
export function registerDevice(body: RegisterDeviceRequest): Promise<unknown> {
  return apiFetch('/api/devices', { method: 'POST', body: JSON.stringify(body) });
}

/** Registers a watch, reloads the device lists and toasts the outcome. */
export function useRegisterDevice() {
  return useCrudMutation({
    mutationFn: registerDevice,
    queryKey: DEVICES_QUERY_KEY,
    entityKey: 'devices:entity',
    operation: 'create',
  });
}
