import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/api-fetch';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `POST /api/account/invitations/:id/resend`: a new link; the old one stops working. */
export function resendInvitation(id: string): Promise<void> {
  return apiFetch<void>(`/api/account/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
