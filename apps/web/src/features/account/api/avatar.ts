import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type MyProfile } from '@homeward/contracts';
import { apiResponse } from '../../../app/api/api-fetch';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/**
 * `PUT /api/account/avatar`: the file itself is the body. Its Content-Type is what the browser
 * guessed from the name (the server tells the type by the bytes anyway).
 */
export function uploadAvatar(file: Blob): Promise<MyProfile> {
  return callEndpoint(accountEndpoints.uploadAvatar, { body: file });
}

/** `DELETE /api/account/avatar`. */
export function removeAvatar(): Promise<MyProfile> {
  return callEndpoint(accountEndpoints.removeAvatar);
}

function useAvatarMutation<T>(mutationFn: (variables: T) => Promise<MyProfile>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (profile) => queryClient.setQueryData(MY_PROFILE_QUERY_KEY, profile),
  });
}

export const useUploadAvatar = () => useAvatarMutation(uploadAvatar);
export const useRemoveAvatar = () => useAvatarMutation(removeAvatar);

/**
 * The picture at `avatarUrl` as an object URL for an `<img>`. It is fetched with the access token
 * (an `<img src>` could not send it); the URL changes with the picture, so one fetch per version
 * is enough, and the browser's cache answers repeats (`Cache-Control: private, immutable`).
 */
export function useAvatarImage(avatarUrl: string | null | undefined): string | undefined {
  const query = useQuery({
    queryKey: ['account', 'avatar-image', avatarUrl],
    queryFn: async () =>
      URL.createObjectURL(await (await apiResponse(avatarUrl!, { headers: { Accept: 'image/*' } })).blob()),
    enabled: Boolean(avatarUrl),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
  return avatarUrl ? query.data : undefined;
}
