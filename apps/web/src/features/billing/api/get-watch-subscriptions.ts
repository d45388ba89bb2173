import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchSubscriptionsResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/subscriptions`: the household's watch subscriptions and the plans' prices. */
export function getWatchSubscriptions(): Promise<WatchSubscriptionsResponse> {
  return apiFetch<WatchSubscriptionsResponse>('/api/billing/subscriptions');
}

export const watchSubscriptionsQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.subscriptions,
  queryFn: getWatchSubscriptions,
});

export function useWatchSubscriptions() {
  return useQuery(watchSubscriptionsQueryOptions);
}
