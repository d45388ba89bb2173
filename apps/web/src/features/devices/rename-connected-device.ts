import {
  deviceConnectionEndpoints,
  type ConnectedDevice,
  type RenameConnectedDeviceRequest,
} from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { DEVICES_QUERY_KEY } from './get-devices';

/** PUT /api/device-connection/{id}: the owner renames a watch of the household (updateDevice). */
export function renameConnectedDevice({
  id,
  ...body
}: RenameConnectedDeviceRequest & { id: string }): Promise<ConnectedDevice> {
  return callEndpoint(deviceConnectionEndpoints.rename, { params: { id }, body });
}

export function useRenameConnectedDevice() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameConnectedDevice,
    onSuccess: async (device) => {
      notify.success(t('devices:household.renamed', { name: device.name }));
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (error) => notify.error(t('devices:household.renameFailed', { reason: apiErrorText(t, error) })),
  });
}
