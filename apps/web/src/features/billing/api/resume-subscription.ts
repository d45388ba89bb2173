import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchSubscription } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/**
 * `POST /api/billing/subscriptions/:id/resume` (the spec's "renew"): charged again from the next
 * period; refused without a default card.
 */
export function resumeSubscription(id: string): Promise<WatchSubscription> {
  return apiFetch<WatchSubscription>(`/api/billing/subscriptions/${encodeURIComponent(id)}/resume`, {
    method: 'POST',
  });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
  });
}
