import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deviceAdministrationEndpoints,
  type ChangePhysicalLocationRequest,
  type ExchangeDeviceRequest,
  type StopDeviceRequest,
  type UpdateDeviceConditionRequest,
  type UpdateDeviceSaleRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { DEVICE_ADMINISTRATION_QUERY_KEY } from './get-administered-devices';

/*
 * Device administration writes. Each hook invalidates every device administration query (the
 * device, its history, the list) on success; the screens toast the outcome with their own texts.
 */

/** PUT …/:id/location: refused moves answer 409 with the reason's key. */
export const changePhysicalLocation = (id: string, body: ChangePhysicalLocationRequest) =>
  callEndpoint(deviceAdministrationEndpoints.changeLocation, { params: { id }, body });
/** PUT …/:id/sale. */
export const updateDeviceSale = (id: string, body: UpdateDeviceSaleRequest) =>
  callEndpoint(deviceAdministrationEndpoints.updateSale, { params: { id }, body });
/** PUT …/:id/condition. */
export const updateDeviceCondition = (id: string, body: UpdateDeviceConditionRequest) =>
  callEndpoint(deviceAdministrationEndpoints.updateCondition, { params: { id }, body });
/** POST …/:id/stop. */
export const stopDevice = (id: string, body: StopDeviceRequest) =>
  callEndpoint(deviceAdministrationEndpoints.stop, { params: { id }, body });
/** POST …/:id/exchange. */
export const exchangeDevice = (id: string, body: ExchangeDeviceRequest) =>
  callEndpoint(deviceAdministrationEndpoints.exchange, { params: { id }, body });

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
