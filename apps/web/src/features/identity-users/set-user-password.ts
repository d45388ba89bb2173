import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SetUserPasswordRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { USERS_PATH } from './get-users';

/** PUT /api/identity/users/:id/password. */
export function setUserPassword(id: string, body: SetUserPasswordRequest): Promise<unknown> {
  return apiFetch(`${USERS_PATH}/${id}/password`, { method: 'PUT', body: JSON.stringify(body) });
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
