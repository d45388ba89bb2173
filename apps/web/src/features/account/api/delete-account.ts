import { useMutation } from '@tanstack/react-query';
import { accountEndpoints, type DeleteAccountRequest } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `POST /api/account/delete-user`: erases the account; every sign-in of it ends. */
export function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  return callEndpoint(accountEndpoints.delete, { body: request });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
