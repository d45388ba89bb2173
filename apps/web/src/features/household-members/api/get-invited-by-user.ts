import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitedByUserResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

/** `GET /api/account/invited-by-user`: who invited the signed-in user into their household. */
export function getInvitedByUser(): Promise<InvitedByUserResponse> {
  return apiFetch<InvitedByUserResponse>('/api/account/invited-by-user');
}

export const invitedByUserQueryOptions = queryOptions({
  queryKey: ['household-members', 'invited-by-user'] as const,
  queryFn: getInvitedByUser,
});

export function useInvitedByUser() {
  return useQuery(invitedByUserQueryOptions);
}
