import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userEndpoints, type SetUserPasswordRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';

/** PUT /api/identity/users/:id/password. */
export function setUserPassword(id: string, body: SetUserPasswordRequest): Promise<unknown> {
  return callEndpoint(userEndpoints.setPassword, { params: { id }, body });
}

export function useSetUserPassword(id: string) {
  const { t } = useTranslation();
  const notify = useNotify();
  return useMutation({
    mutationFn: (body: SetUserPasswordRequest) => setUserPassword(id, body),
    onSuccess: () => notify.success(t('identity:users.passwordSet')),
    onError: (error) =>
      notify.error(t('identity:users.passwordSetFailed', { reason: apiErrorText(t, error) })),
  });
}
