import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints, type MyProfile, type UpdateProfileRequest } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { appConfigurationQueryOptions } from '../../../app/configuration/get-app-configuration';
import { MY_PROFILE_QUERY_KEY } from './get-my-profile';

/** `PUT /api/account/update-profile`: name and phone at once; a new e-mail waits for its link. */
export function updateProfile(request: UpdateProfileRequest): Promise<MyProfile> {
  return callEndpoint(accountEndpoints.updateProfile, { body: request });
}

/** Saves the profile; the answer is the new profile, and the configuration (top bar name) reloads. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(MY_PROFILE_QUERY_KEY, profile);
      await queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey });
    },
  });
}
