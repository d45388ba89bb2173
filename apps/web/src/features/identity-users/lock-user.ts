import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userEndpoints, type LockUserRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { USERS_QUERY_KEY } from './get-users';

/** PUT /api/identity/users/:id/lock: until `lockoutEnd`, or until unlocked when it is null. */
export function lockUser(id: string, body: LockUserRequest): Promise<unknown> {
  return callEndpoint(userEndpoints.lock, { params: { id }, body });
}

/** PUT /api/identity/users/:id/unlock. */
export function unlockUser(id: string): Promise<unknown> {
  return callEndpoint(userEndpoints.unlock, { params: { id } });
}

/** Locks or unlocks a user, then reloads the list and says how it went. */
export function useLockUser() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; lock: false } | { id: string; lock: true; body: LockUserRequest }) =>
      input.lock ? lockUser(input.id, input.body) : unlockUser(input.id),
    onSuccess: async (_result, input) => {
      notify.success(t(input.lock ? 'identity:users.locked' : 'identity:users.unlocked'));
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
    onError: (error, input) =>
      notify.error(
        t(input.lock ? 'identity:users.lockFailed' : 'identity:users.unlockFailed', {
          reason: apiErrorText(t, error),
        }),
      ),
  });
}
