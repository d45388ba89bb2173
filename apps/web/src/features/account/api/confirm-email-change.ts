import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type ConfirmEmailChangeResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { appConfigurationQueryOptions } from '../../../app/configuration/get-app-configuration';
import { MY_SECURITY_LOGS_QUERY_KEY } from '../get-my-security-logs';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/** `POST /api/account/confirm-email-change`: the token from the link sent to the new address. */
export function confirmEmailChange(token: string): Promise<ConfirmEmailChangeResponse> {
  return callEndpoint(accountEndpoints.confirmEmailChange, { body: { token } });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MY_PROFILE_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey });
      await queryClient.invalidateQueries({ queryKey: MY_SECURITY_LOGS_QUERY_KEY });
    },
  });
}
