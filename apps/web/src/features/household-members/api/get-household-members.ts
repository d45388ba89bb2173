import { queryOptions, useQuery } from '@tanstack/react-query';
import { householdMemberEndpoints, type HouseholdMembersResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

export const HOUSEHOLD_MEMBERS_QUERY_KEY = ['household-members'] as const;

/** `GET /api/account/household-members`: the household's people and its open invitations. */
export function getHouseholdMembers(): Promise<HouseholdMembersResponse> {
  return callEndpoint(householdMemberEndpoints.list);
}

export const householdMembersQueryOptions = queryOptions({
  queryKey: HOUSEHOLD_MEMBERS_QUERY_KEY,
  queryFn: getHouseholdMembers,
});

export function useHouseholdMembers() {
  return useQuery(householdMembersQueryOptions);
}
