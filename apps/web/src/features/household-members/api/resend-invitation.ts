import { householdMemberEndpoints } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { HOUSEHOLD_MEMBERS_QUERY_KEY } from './get-household-members';

/** `POST /api/account/invitations/:id/resend`: a new link; the old one stops working. */
export function resendInvitation(id: string): Promise<void> {
  return callEndpoint(householdMemberEndpoints.resendInvitation, { params: { id } });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY }),
  });
}
