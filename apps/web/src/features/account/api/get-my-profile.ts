import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyProfile } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

export const MY_PROFILE_QUERY_KEY = ['account', 'my-profile'] as const;

/** `GET /api/account/my-profile`: the signed-in user's own profile. */
export function getMyProfile(): Promise<MyProfile> {
  return apiFetch<MyProfile>('/api/account/my-profile');
}

export const myProfileQueryOptions = queryOptions({ queryKey: MY_PROFILE_QUERY_KEY, queryFn: getMyProfile });

export function useMyProfile(enabled = true) {
  return useQuery({ ...myProfileQueryOptions, enabled });
}
