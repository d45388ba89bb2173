import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/api-fetch';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `DELETE /api/account/delete-invited-user/:id`: the invitation goes, and its link fails. */
export function deleteInvitedUser(id: string): Promise<void> {
  return apiFetch<void>(`/api/account/delete-invited-user/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteInvitedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitedUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
