import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingGroup, SettingGroupResponse } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';

/** Prefix of every settings query; saving a group invalidates its own key. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;
export const SETTINGS_PATH = '/api/setting-management';

/** GET /api/setting-management/:group: the group's settings at the caller's level. */
export function getSettingGroup(group: SettingGroup): Promise<SettingGroupResponse> {
  return apiFetch(`${SETTINGS_PATH}/${group}`);
}

export function settingGroupQueryOptions(group: SettingGroup) {
  return queryOptions({ queryKey: [...SETTINGS_QUERY_KEY, group], queryFn: () => getSettingGroup(group) });
}

export function useSettingGroup(group: SettingGroup) {
  return useQuery(settingGroupQueryOptions(group));
}
