import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { AppConfiguration } from '@homeward/contracts';
import { appConfigurationQueryOptions, loadedConfiguration } from '../configuration/get-app-configuration';
import { createQueryClient } from './query-client';

/*
 * react-query for the running app: its own chunk, loaded by the first screen or shell part that
 * uses it (with-query-client.tsx), so the anonymous home route renders without it (about 9 KB gzip).
 */

/**
 * From now on the configuration lives in the query cache, starting from what the bootstrap loaded:
 * an observer keeps the query active, so a screen's invalidation refetches it at once, and copies
 * every new answer back into `loadedConfiguration` for whatever still reads it there.
 */
function followConfiguration(queryClient: QueryClient): void {
  const start = (configuration: AppConfiguration) => {
    queryClient.setQueryData(appConfigurationQueryOptions.queryKey, configuration);
    new QueryObserver(queryClient, appConfigurationQueryOptions).subscribe(({ data }) => {
      if (data) loadedConfiguration.set(data);
    });
  };
  const loaded = loadedConfiguration.get();
  if (loaded) {
    start(loaded);
    return;
  }
  // Loaded ahead of the configuration (a returning user's sign-in client came first): wait for it,
  // rather than fetch it a second time.
  const stop = loadedConfiguration.subscribe(() => {
    const configuration = loadedConfiguration.get();
    if (!configuration) return;
    stop();
    start(configuration);
  });
}

/** The app's one QueryClient, mounted (focus and online tracking) as QueryClientProvider would. */
export function startQueryClient(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.mount();
  followConfiguration(queryClient);
  return queryClient;
}
