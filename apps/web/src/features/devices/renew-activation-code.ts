import { deviceEndpoints, type DeviceActivationCode } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { activationCodeQueryOptions } from './get-activation-code';

/** POST /api/devices/{id}/activation-code: a new code; a returned watch is back in stock. */
export function renewActivationCode(deviceId: string): Promise<DeviceActivationCode> {
  return callEndpoint(deviceEndpoints.renewActivationCode, { params: { id: deviceId } });
}

export function useRenewActivationCode() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewActivationCode,
    onSuccess: (code) => {
      queryClient.setQueryData(activationCodeQueryOptions(code.deviceId).queryKey, code);
      notify.success(t('devices:codes.renewed'));
    },
    onError: (error) => notify.error(t('devices:codes.renewFailed', { reason: apiErrorText(t, error) })),
  });
}
