import { deviceConnectionEndpoints, type ConnectedDevice } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { DEVICES_QUERY_KEY } from './get-devices';

/** DELETE /api/device-connection/{id}: the watch goes back to its seller as awaiting return. */
export function disconnectDevice(device: Pick<ConnectedDevice, 'id'>): Promise<unknown> {
  return callEndpoint(deviceConnectionEndpoints.disconnect, { params: { id: device.id } });
}

export function useDisconnectDevice() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (device: Pick<ConnectedDevice, 'id' | 'name'>) => disconnectDevice(device),
    onSuccess: async (_result, device) => {
      notify.success(t('devices:disconnect.done', { name: device.name }));
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (error) => notify.error(t('devices:disconnect.failed', { reason: apiErrorText(t, error) })),
  });
}
