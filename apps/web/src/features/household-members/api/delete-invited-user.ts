import { householdMemberEndpoints } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `DELETE /api/account/delete-invited-user/:id`: the invitation goes, and its link fails. */
export function deleteInvitedUser(id: string): Promise<void> {
  return callEndpoint(householdMemberEndpoints.deleteInvited, { params: { id } });
}

export function useDeleteInvitedUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitedUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
