import { liveMapEndpoints, type LiveMap } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Under `citizens`, so the realtime channel's reconnect fetches it again (missed pushes). */
export const LIVE_MAP_QUERY_KEY = ['citizens', 'live-map'] as const;

/** GET /api/live-map: every citizen the user may see, with their watch's live state. */
export function getLiveMap(): Promise<LiveMap> {
  return callEndpoint(liveMapEndpoints.get);
}

export const liveMapQueryOptions = () =>
  queryOptions({
    queryKey: LIVE_MAP_QUERY_KEY,
    queryFn: getLiveMap,
    // Realtime events keep it current; a refetch on every window focus would redraw 5,000 markers.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export function useLiveMap() {
  return useQuery(liveMapQueryOptions());
}
