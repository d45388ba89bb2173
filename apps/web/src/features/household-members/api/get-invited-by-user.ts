import { queryOptions, useQuery } from '@tanstack/react-query';
import { householdMemberEndpoints, type InvitedByUserResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `GET /api/account/invited-by-user`: who invited the signed-in user into their household. */
export function getInvitedByUser(): Promise<InvitedByUserResponse> {
  return callEndpoint(householdMemberEndpoints.invitedBy);
}

export const invitedByUserQueryOptions = queryOptions({
  queryKey: ['household-members', 'invited-by-user'] as const,
  queryFn: getInvitedByUser,
});

export function useInvitedByUser() {
  return useQuery(invitedByUserQueryOptions);
}
