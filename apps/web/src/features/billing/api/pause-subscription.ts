import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchSubscription } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/subscriptions/:id/pause`: the periods that begin while paused are not charged. */
export function pauseSubscription(id: string): Promise<WatchSubscription> {
  return apiFetch<WatchSubscription>(`/api/billing/subscriptions/${encodeURIComponent(id)}/pause`, {
    method: 'POST',
  });
}

export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
  });
}
