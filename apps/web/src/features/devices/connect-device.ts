import {
  deviceConnectionEndpoints,
  type ConnectDeviceRequest,
  type ConnectedDevice,
} from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { DEVICES_QUERY_KEY } from './get-devices';

/** POST /api/device-connection: connect a watch from stock with its IMEI, code and a name. */
export function connectDevice(body: ConnectDeviceRequest): Promise<ConnectedDevice> {
  return callEndpoint(deviceConnectionEndpoints.connect, { body });
}

export function useConnectDevice() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: connectDevice,
    onSuccess: async (device) => {
      notify.success(t('devices:connect.connected', { name: device.name }));
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (error) => notify.error(t('devices:connect.failed', { reason: apiErrorText(t, error) })),
  });
}
