import type { DeviceCommand, SendDeviceCommandRequest } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../app/api/api-fetch';
import { useNotify } from '../../../app/notifications/use-notify';
import { apiErrorText } from '../../../components/forms/api-error-text';
import { deviceCommandsQueryKey } from './get-device-commands';

/** POST /api/devices/{id}/commands: a template's command with its variables' values. */
export function sendDeviceCommand(
  deviceId: string,
  request: SendDeviceCommandRequest,
): Promise<DeviceCommand> {
  return apiFetch(`/api/devices/${deviceId}/commands`, { method: 'POST', body: JSON.stringify(request) });
}

/** POST /api/devices/{id}/request-position or request-history. */
export function requestFromDevice(deviceId: string, what: 'position' | 'history'): Promise<DeviceCommand> {
  return apiFetch(`/api/devices/${deviceId}/request-${what}`, { method: 'POST' });
}

/**
 * A terminal action with the common behaviour: the history reloads and a toast tells how it went.
 * Field errors are left to the caller's `onError` as well (the toast gives the first one).
 */
export function useTerminalMutation<TVariables>(
  deviceId: string,
  mutationFn: (variables: TVariables) => Promise<DeviceCommand>,
  successKey: string,
) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      notify.success(t(successKey));
      await queryClient.invalidateQueries({ queryKey: deviceCommandsQueryKey(deviceId) });
    },
    onError: (error) => notify.error(t('devices:terminal.sendFailed', { reason: apiErrorText(t, error) })),
  });
}
