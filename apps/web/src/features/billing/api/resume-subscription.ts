import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type WatchSubscription } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/**
 * `POST /api/billing/subscriptions/:id/resume` (the spec's "renew"): charged again from the next
 * period; refused without a default card.
 */
export function resumeSubscription(id: string): Promise<WatchSubscription> {
  return callEndpoint(billingEndpoints.resume, { params: { id } });
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
  });
}
