import { queryOptions, useQuery } from '@tanstack/react-query';
import { registrationEndpoints, type InvitationInfo } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `GET /api/account/invitations/:token`: the invited e-mail address; 404 once it is no longer open. */
export function getInvitation(token: string): Promise<InvitationInfo> {
  return callEndpoint(registrationEndpoints.invitation, { params: { token } });
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['registration', 'invitation', token], queryFn: () => getInvitation(token) });

/** The invitation of the link the visitor came by; idle without a token. */
export function useInvitation(token: string | undefined) {
  return useQuery({ ...invitationQueryOptions(token ?? ''), enabled: Boolean(token) });
}
