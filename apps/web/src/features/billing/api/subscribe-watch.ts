import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type SubscribeRequest, type WatchSubscription } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/subscriptions`: subscribes a watch; its first month is charged at once. */
export function subscribeWatch(request: SubscribeRequest): Promise<WatchSubscription> {
  return callEndpoint(billingEndpoints.subscribe, { body: request });
}

export function useSubscribeWatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeWatch,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
        queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.invoices }),
      ]),
  });
}
