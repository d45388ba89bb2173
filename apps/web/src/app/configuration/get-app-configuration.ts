import { useCallback, useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, queryOptions } from '@tanstack/react-query';
import type { AppConfiguration } from '@homeward/contracts';
import { apiFetch } from '../api/api-fetch';

/**
 * GET /api/app/configuration (contracts `appEndpoints.configuration`). Deliberately not through
 * `callEndpoint`: parsing needs zod and the configuration's schema, which the first render of the
 * home route would then have to load (bench:startup budget); the server serializes the answer with
 * that schema already.
 */
export function getAppConfiguration(): Promise<AppConfiguration> {
  return apiFetch<AppConfiguration>('/api/app/configuration');
}

/**
 * The configuration as a react-query query: screens invalidate it after changing grants, settings
 * or languages, and the sign-in client refetches it with a new token. The query cache is where it
 * lives once react-query is loaded (app/query/query-runtime.ts observes it there).
 */
export const appConfigurationQueryOptions = queryOptions({
  queryKey: ['app', 'configuration'],
  queryFn: getAppConfiguration,
  staleTime: Infinity,
});

type Listener = () => void;
let bootstrapped: AppConfiguration | undefined;
const listeners = new Set<Listener>();

/**
 * The configuration the bootstrap loaded, for the shell while react-query is not loaded (the
 * anonymous home route renders without it). Once it is, this follows the query cache's copy.
 */
export const loadedConfiguration = {
  get: (): AppConfiguration | undefined => bootstrapped,
  set(configuration: AppConfiguration): void {
    if (configuration === bootstrapped) return;
    bootstrapped = configuration;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The loaded configuration, or undefined before it arrived: read from react-query's cache when a
 * query client is provided (every screen, the shell once react-query is loaded, and tests), else
 * from `loadedConfiguration`. Never fetches: the bootstrap gate owns loading it.
 */
export function useLoadedConfiguration(): AppConfiguration | undefined {
  const queryClient = useContext(QueryClientContext);
  const subscribe = useCallback(
    (onChange: Listener) =>
      queryClient ? queryClient.getQueryCache().subscribe(onChange) : loadedConfiguration.subscribe(onChange),
    [queryClient],
  );
  const read = () =>
    queryClient ? queryClient.getQueryData(appConfigurationQueryOptions.queryKey) : loadedConfiguration.get();
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The loaded configuration. Screens render only after the bootstrap gate saw it arrive, so it is
 * always present below the gate.
 */
export function useAppConfiguration(): AppConfiguration {
  const data = useLoadedConfiguration();
  if (!data) throw new Error('useAppConfiguration used outside the bootstrap gate');
  return data;
}
