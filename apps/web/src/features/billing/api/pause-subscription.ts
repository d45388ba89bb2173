import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type WatchSubscription } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/subscriptions/:id/pause`: the periods that begin while paused are not charged. */
export function pauseSubscription(id: string): Promise<WatchSubscription> {
  return callEndpoint(billingEndpoints.pause, { params: { id } });
}

export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
  });
}
