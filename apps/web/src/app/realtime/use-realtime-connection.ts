import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentAccessToken } from '../auth/sign-in-session';
import { tenantFilterHeaderOf } from '../api/tenant-filter-header';
import { appStore, useAppState } from '../state/app-store';
import { emitRealtimeEvents } from './realtime-events';

/**
 * Query keys whose data the realtime channel keeps fresh. After a dropped connection comes back,
 * pushes were missed, so these are fetched again.
 */
export const LIVE_QUERY_PREFIXES = ['devices', 'dashboard', 'alarms', 'citizens'];

/** Holds the realtime connection while `enabled` (a signed-in user), for the whole app. */
export function useRealtimeConnection(enabled: boolean): void {
  const queryClient = useQueryClient();
  // The scope is chosen when signing in to the channel: a new tenant filter means a new connection.
  const tenantFilter = useAppState(tenantFilterHeaderOf);
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let connection: { stop(): void } | undefined;
    // Its own chunk: only a signed-in user opens the channel, never the anonymous home page.
    void import('./realtime-connection').then(({ realtimeUrl, startRealtimeConnection }) => {
      if (stopped) return;
      connection = startRealtimeConnection({
        url: realtimeUrl(window.location),
        getAuth: async () => ({
          accessToken: await currentAccessToken(),
          tenantFilter: tenantFilterHeaderOf(appStore.getState()),
        }),
        onEvents: emitRealtimeEvents,
        onReady: (reconnected) => {
          if (!reconnected) return;
          void queryClient.invalidateQueries({
            predicate: (query) => LIVE_QUERY_PREFIXES.includes(String(query.queryKey[0])),
          });
        },
      });
    });
    return () => {
      stopped = true;
      connection?.stop();
    };
  }, [enabled, queryClient, tenantFilter]);
}

/** The realtime channel as a component, for the shell to load with the first signed-in render. */
export function RealtimeConnection(): null {
  useRealtimeConnection(true);
  return null;
}
