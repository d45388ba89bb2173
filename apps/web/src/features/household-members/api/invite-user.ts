import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteUserRequest } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `POST /api/account/invite-user`: the invitation e-mail goes out with a registration link. */
export function inviteUser(request: InviteUserRequest): Promise<{ id: string }> {
  return apiFetch<{ id: string }>('/api/account/invite-user', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
