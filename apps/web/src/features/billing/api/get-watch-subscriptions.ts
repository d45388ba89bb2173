import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints, type WatchSubscriptionsResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/subscriptions`: the household's watch subscriptions and the plans' prices. */
export function getWatchSubscriptions(): Promise<WatchSubscriptionsResponse> {
  return callEndpoint(billingEndpoints.subscriptions);
}

export const watchSubscriptionsQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.subscriptions,
  queryFn: getWatchSubscriptions,
});

export function useWatchSubscriptions() {
  return useQuery(watchSubscriptionsQueryOptions);
}
