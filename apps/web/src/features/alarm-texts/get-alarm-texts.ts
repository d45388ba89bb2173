import { queryOptions, useQuery } from '@tanstack/react-query';
import { alarmTextEndpoints, type AlarmTextListResponse } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every alarm texts query; saving or restoring a text invalidates its language. */
export const ALARM_TEXTS_QUERY_KEY = ['alarm-texts'] as const;

/** GET /api/alarm-texts?language=: every alarm kind's text, the tenant's own or the shipped one. */
export function getAlarmTexts(language: string): Promise<AlarmTextListResponse> {
  return callEndpoint(alarmTextEndpoints.list, { query: { language } });
}

export function alarmTextsQueryOptions(language: string) {
  return queryOptions({
    queryKey: [...ALARM_TEXTS_QUERY_KEY, language],
    queryFn: () => getAlarmTexts(language),
  });
}

/** Asks nothing while `enabled` is false (a caller without the permission). */
export function useAlarmTexts(language: string, enabled = true) {
  return useQuery({ ...alarmTextsQueryOptions(language), enabled });
}
