import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

/** `POST /api/account/delete-user`: erases the account; every sign-in of it ends. */
export function deleteAccount(request: DeleteAccountRequest): Promise<void> {
  return apiFetch<void>('/api/account/delete-user', { method: 'POST', body: JSON.stringify(request) });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
