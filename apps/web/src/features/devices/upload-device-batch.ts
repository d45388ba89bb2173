import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceEndpoints, type DeviceBatchRequest, type DeviceBatchResult } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { DEVICES_QUERY_KEY } from './get-devices';

/** POST /api/devices/batch: the CSV file's text; answers each line's fate. */
export function uploadDeviceBatch(body: DeviceBatchRequest): Promise<DeviceBatchResult> {
  return callEndpoint(deviceEndpoints.registerBatch, { body });
}

export function useUploadDeviceBatch() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDeviceBatch,
    onSuccess: async (result) => {
      notify.success(t('devices:batch.uploaded', result));
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (error) => notify.error(`${t('devices:batch.failed')}: ${apiErrorText(t, error)}`),
  });
}
