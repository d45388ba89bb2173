import { useMutation, useQueryClient } from '@tanstack/react-query';
import { householdMemberEndpoints, type InviteUserRequest } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `POST /api/account/invite-user`: the invitation e-mail goes out with a registration link. */
export function inviteUser(request: InviteUserRequest): Promise<{ id: string }> {
  return callEndpoint(householdMemberEndpoints.invite, { body: request });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
