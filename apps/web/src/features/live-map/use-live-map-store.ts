import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../app/realtime/realtime-events';
import { LIVE_MAP_QUERY_KEY, useLiveMap } from './get-live-map';
import { LiveMapStore } from './live-map-store';

/** After alarm events the map is fetched again this much later (once for a burst): counts and closed alarms. */
const ALARM_REFETCH_DELAY_MS = 1000;
/** The list, card and counts follow the map at most this often. */
export const LIST_REFRESH_MS = 1000;
/** Ages ("3 minutes ago") move on even when nothing is pushed. */
const AGE_REFRESH_MS = 30_000;

/**
 * The live map's data: the server's answer in a store that pushed device, position and alarm
 * events update frame by frame. Alarm events also fetch the answer again shortly after, since only
 * the server knows how many alarms a citizen still has open.
 */
export function useLiveMapStore() {
  const query = useLiveMap();
  const queryClient = useQueryClient();
  const [store] = useState(() => new LiveMapStore());
  useEffect(() => {
    if (query.data) store.reset(query.data.items);
  }, [query.data, store]);
  useRealtimeEvents((events) => store.enqueue(events));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((change) => {
      if (change.alarmEvents === 0 || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: LIVE_MAP_QUERY_KEY });
      }, ALARM_REFETCH_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, queryClient]);
  return { query, store };
}

/** What the list and the card re-render on: a counter, and the time their ages are counted to. */
export interface LiveMapTick {
  version: number;
  now: number;
}

/**
 * A tick when the store changed, at most once per `intervalMs` (a fresh answer at once), and every
 * half minute for the ages: what the list and the card re-render on, so 5,000 watches reporting do
 * not re-render React every frame.
 */
export function useThrottledTick(store: LiveMapStore, intervalMs = LIST_REFRESH_MS): LiveMapTick {
  const [tick, setTick] = useState<LiveMapTick>(() => ({ version: 0, now: Date.now() }));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const bump = () => {
      timer = undefined;
      last = performance.now();
      setTick((previous) => ({ version: previous.version + 1, now: Date.now() }));
    };
    const unsubscribe = store.subscribe((change) => {
      if (change.citizenIds === null) {
        clearTimeout(timer);
        bump();
        return;
      }
      if (timer !== undefined) return;
      timer = setTimeout(bump, Math.max(0, last + intervalMs - performance.now()));
    });
    const ages = setInterval(bump, AGE_REFRESH_MS);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      clearInterval(ages);
    };
  }, [store, intervalMs]);
  return tick;
}
