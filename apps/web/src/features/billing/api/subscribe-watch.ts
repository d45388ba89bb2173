import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscribeRequest, WatchSubscription } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/subscriptions`: subscribes a watch; its first month is charged at once. */
export function subscribeWatch(request: SubscribeRequest): Promise<WatchSubscription> {
  return apiFetch<WatchSubscription>('/api/billing/subscriptions', {
    method: 'POST',
    body: JSON.stringify(request),
  });
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
