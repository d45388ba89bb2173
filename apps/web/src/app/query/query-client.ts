import { QueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_DELAY_MS } from '@homeward/contracts';
import { shouldRetryQuery } from './query-retry';

export { shouldRetryQuery };

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
        refetchOnMount: false,
        refetchOnWindowFocus: false,
      },
    },
  });
}
