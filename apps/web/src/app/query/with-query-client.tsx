import { use, useContext, type ReactNode } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';

/** A promise carrying its result where React's `use` reads it once it is known. */
type KnownPromise<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let loading: KnownPromise<QueryClient> | undefined;

/** Loads react-query and starts the app's one QueryClient, once (query-runtime.ts). */
export function loadQueryClient(): Promise<QueryClient> {
  if (!loading) {
    const promise: KnownPromise<QueryClient> = import('./query-runtime').then(
      ({ startQueryClient }) => {
        const queryClient = startQueryClient();
        // Marked as React marks a promise it has seen settle: a part mounting later renders at
        // once instead of suspending for a tick.
        promise.status = 'fulfilled';
        promise.value = queryClient;
        return queryClient;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    loading = promise;
  }
  return loading;
}

/**
 * Renders `children` with the app's QueryClient, loading react-query first if it is not loaded yet
 * (suspending meanwhile): around every screen and shell part that uses queries. A client provided
 * from above (a test's) is used as it is.
 */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const provided = useContext(QueryClientContext);
  const queryClient = provided ?? use(loadQueryClient());
  return <QueryClientContext.Provider value={queryClient}>{children}</QueryClientContext.Provider>;
}
