import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingEndpoints, type SettingGroup, type SettingGroupResponse } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every settings query; saving a group invalidates its own key. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;

/** GET /api/setting-management/:group: the group's settings at the caller's level. */
export function getSettingGroup(group: SettingGroup): Promise<SettingGroupResponse> {
  return callEndpoint(settingEndpoints[group].get);
}

export function settingGroupQueryOptions(group: SettingGroup) {
  return queryOptions({ queryKey: [...SETTINGS_QUERY_KEY, group], queryFn: () => getSettingGroup(group) });
}

export function useSettingGroup(group: SettingGroup) {
  return useQuery(settingGroupQueryOptions(group));
}
