import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  settingEndpoints,
  type SettingGroup,
  type SettingGroupResponse,
  type UpdateSettingsRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';
import { appConfigurationQueryOptions } from '../../app/configuration/get-app-configuration';
import { settingGroupQueryOptions } from './get-setting-group';

/** PUT /api/setting-management/:group: saves the values at the caller's level. */
export function saveSettingGroup(
  group: SettingGroup,
  values: UpdateSettingsRequest['values'],
): Promise<SettingGroupResponse> {
  return callEndpoint(settingEndpoints[group].update, { body: { values } });
}

/**
 * Saves a group and shows the saved state at once; the configuration is refetched too, because
 * settings visible to clients (self-registration, captcha, policy URLs) travel in it.
 */
export function useSaveSettingGroup(group: SettingGroup) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: UpdateSettingsRequest['values']) => saveSettingGroup(group, values),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingGroupQueryOptions(group).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: appConfigurationQueryOptions.queryKey });
    },
  });
}
