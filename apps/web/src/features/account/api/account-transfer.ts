import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type AccountTransferState } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { appConfigurationQueryOptions } from '../../../app/configuration/get-app-configuration';

export const ACCOUNT_TRANSFER_QUERY_KEY = ['account', 'transfer-user'] as const;

/** `GET /api/account/transfer-user`: the members the owner may choose and the pending transfer. */
export function getAccountTransfer(): Promise<AccountTransferState> {
  return callEndpoint(accountEndpoints.transfer);
}

export const accountTransferQueryOptions = queryOptions({
  queryKey: ACCOUNT_TRANSFER_QUERY_KEY,
  queryFn: getAccountTransfer,
});

export function useAccountTransfer(enabled = true) {
  return useQuery({ ...accountTransferQueryOptions, enabled });
}

/** Step 1 (`POST /api/account/transfer-user/{id}`): the owner offers the household to a member. */
export function requestTransfer(memberId: string): Promise<void> {
  return callEndpoint(accountEndpoints.requestTransfer, { params: { id: memberId } });
}

/** Step 2 (`POST /api/account/transfer-user/{fromUserId}/{toUserId}`): the receiver accepts. */
export function acceptTransfer(link: { fromUserId: string; toUserId: string; token: string }): Promise<void> {
  return callEndpoint(accountEndpoints.acceptTransfer, {
    params: { fromUserId: link.fromUserId, toUserId: link.toUserId },
    body: { token: link.token },
  });
}

/** `DELETE /api/account/transfer-user`: the owner cancels, or the receiver declines. */
export function cancelTransfer(): Promise<void> {
  return callEndpoint(accountEndpoints.cancelTransfer);
}

function useTransferMutation<T>(mutationFn: (input: T) => Promise<void>, refreshConfiguration = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ACCOUNT_TRANSFER_QUERY_KEY });
      // The new owner's roles changed: the navigation and permissions follow.
      if (refreshConfiguration)
        await queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey });
    },
  });
}

export const useRequestTransfer = () => useTransferMutation(requestTransfer);
export const useAcceptTransfer = () => useTransferMutation(acceptTransfer, true);
export const useCancelTransfer = () => useTransferMutation((_: void) => cancelTransfer());
