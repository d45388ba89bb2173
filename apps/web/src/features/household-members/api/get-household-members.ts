import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HouseholdMembersResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

export const HOUSEHOLD_MEMBERS_QUERY_KEY = ['household-members'] as const;

/** `GET /api/account/household-members`: the household's people and its open invitations. */
export function getHouseholdMembers(): Promise<HouseholdMembersResponse> {
  return apiFetch<HouseholdMembersResponse>('/api/account/household-members');
}

export const householdMembersQueryOptions = queryOptions({
  queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY,
  queryFn: getHouseholdMembers,
});

export function useHouseholdMembers() {
  return useQuery(householdMembersQueryOptions);
}
