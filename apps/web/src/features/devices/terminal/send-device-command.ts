import {
  deviceTerminalEndpoints,
  type DeviceCommand,
  type SendDeviceCommandRequest,
} from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { useNotify } from '../../../app/notifications/use-notify';
import { apiErrorText } from '../../../components/forms/api-error-text';
import { deviceCommandsQueryKey } from './get-device-commands';

/** POST /api/devices/{id}/commands: a template's command with its variables' values. */
export function sendDeviceCommand(
  deviceId: string,
  request: SendDeviceCommandRequest,
): Promise<DeviceCommand> {
  return callEndpoint(deviceTerminalEndpoints.sendCommand, { params: { id: deviceId }, body: request });
}

/** POST /api/devices/{id}/request-position or request-history. */
export function requestFromDevice(deviceId: string, what: 'position' | 'history'): Promise<DeviceCommand> {
  const endpoint =
    what === 'position' ? deviceTerminalEndpoints.requestPosition : deviceTerminalEndpoints.requestHistory;
  return callEndpoint(endpoint, { params: { id: deviceId } });
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
