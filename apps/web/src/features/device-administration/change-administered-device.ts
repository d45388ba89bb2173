import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdministeredDevice,
  ChangePhysicalLocationRequest,
  ExchangeDeviceRequest,
  ExchangeDeviceResponse,
  StopDeviceRequest,
  UpdateDeviceConditionRequest,
  UpdateDeviceSaleRequest,
} from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { DEVICE_ADMINISTRATION_PATH, DEVICE_ADMINISTRATION_QUERY_KEY } from './get-administered-devices';

/*
 * Device administration writes. Each hook invalidates every device administration query (the
 * device, its history, the list) on success; the screens toast the outcome with their own texts.
 */

const send = <T>(id: string, action: string, method: 'PUT' | 'POST', body: unknown): Promise<T> =>
  apiFetch(`${DEVICE_ADMINISTRATION_PATH}/${id}/${action}`, { method, body: JSON.stringify(body) });

/** PUT …/:id/location: refused moves answer 409 with the reason's key. */
export const changePhysicalLocation = (id: string, body: ChangePhysicalLocationRequest) =>
  send<AdministeredDevice>(id, 'location', 'PUT', body);
/** PUT …/:id/sale. */
export const updateDeviceSale = (id: string, body: UpdateDeviceSaleRequest) =>
  send<AdministeredDevice>(id, 'sale', 'PUT', body);
/** PUT …/:id/condition. */
export const updateDeviceCondition = (id: string, body: UpdateDeviceConditionRequest) =>
  send<AdministeredDevice>(id, 'condition', 'PUT', body);
/** POST …/:id/stop. */
export const stopDevice = (id: string, body: StopDeviceRequest) =>
  send<AdministeredDevice>(id, 'stop', 'POST', body);
/** POST …/:id/exchange. */
export const exchangeDevice = (id: string, body: ExchangeDeviceRequest) =>
  send<ExchangeDeviceResponse>(id, 'exchange', 'POST', body);

/** A device administration mutation that refreshes the screens' queries when it succeeds. */
export function useDeviceAdministrationMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: DEVICE_ADMINISTRATION_QUERY_KEY });
    },
  });
}
