import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../app/realtime/realtime-events';
import { VITALS_QUERY_KEY } from './get-vitals';

/** The vitals are fetched again at most this often while the citizen's watches report. */
export const VITALS_REFRESH_MS = 10_000;

/**
 * Keeps the citizen's vitals live: a report of one of their watches (its pushed `device` event;
 * vitals arrive with reports) fetches the vitals again, at most once per `VITALS_REFRESH_MS`, so a
 * watch reporting every few seconds costs one request per interval, and none when it is silent.
 */
export function useLiveVitals(
  citizenId: string,
  deviceIds: readonly string[],
  intervalMs = VITALS_REFRESH_MS,
) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const last = useRef(0);
  const watches = deviceIds.join();
  useRealtimeEvents((events) => {
    const ids = new Set(watches.split(','));
    if (!events.some((event) => event.type === 'device' && ids.has(event.state.deviceId))) return;
    if (timer.current !== undefined) return;
    const refetch = () => {
      timer.current = undefined;
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: [...VITALS_QUERY_KEY, citizenId] });
    };
    timer.current = setTimeout(refetch, Math.max(0, last.current + intervalMs - Date.now()));
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
