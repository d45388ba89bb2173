import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_MESSAGE_KEYS,
  deviceEndpoints,
  type Device,
  type RegisterDeviceRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { ApiRequestError } from '../../app/api/api-request-error';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { DEVICES_QUERY_KEY } from './get-devices';

/** POST /api/devices. */
export function registerDevice(body: RegisterDeviceRequest): Promise<Device> {
  return callEndpoint(deviceEndpoints.register, { body });
}

/** The server's "Stella ID lacks the product's prefix" warning, with the expected prefix. */
export function stellaPrefixWarningOf(error: unknown): { prefix: string } | null {
  if (!(error instanceof ApiRequestError) || error.code !== 'conflict') return null;
  const warning = error.body?.error.validationErrors?.find(
    (fieldError) => fieldError.message === DEVICE_MESSAGE_KEYS.stellaIdPrefixMismatch,
  );
  return warning ? { prefix: String(warning.params?.prefix ?? '') } : null;
}

/**
 * Registers a watch, reloads the device lists and toasts the outcome. The prefix warning is not a
 * failure: the dialog asks the user instead, so it gets no error toast.
 */
export function useRegisterDevice() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerDevice,
    onSuccess: async () => {
      notify.success(t('devices:registered'));
      await queryClient.invalidateQueries({ queryKey: DEVICES_QUERY_KEY });
    },
    onError: (error) => {
      if (stellaPrefixWarningOf(error)) return;
      notify.error(`${t('devices:saveFailed')}: ${apiErrorText(t, error)}`);
    },
  });
}
