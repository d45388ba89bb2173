import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type ChangePasswordRequest } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { MY_SECURITY_LOGS_QUERY_KEY } from '../get-my-security-logs';

/** `POST /api/account/change-password`; every other sign-in of the user ends, this one stays. */
export function changePassword(request: ChangePasswordRequest): Promise<void> {
  return callEndpoint(accountEndpoints.changePassword, { body: request });
}

/** Changes the password; the sign-in activity below then shows the change. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_SECURITY_LOGS_QUERY_KEY }),
  });
}
