import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountEndpoints, type MyProfile } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

export const MY_PROFILE_QUERY_KEY = ['account', 'my-profile'] as const;

/** `GET /api/account/my-profile`: the signed-in user's own profile. */
export function getMyProfile(): Promise<MyProfile> {
  return callEndpoint(accountEndpoints.profile);
}

export const myProfileQueryOptions = queryOptions({ queryKey: MY_PROFILE_QUERY_KEY, queryFn: getMyProfile });

export function useMyProfile(enabled = true) {
  return useQuery({ ...myProfileQueryOptions, enabled });
}
