import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type WatchPlan } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/**
 * `PUT /api/billing/subscriptions/:id/plan`: monthly ↔ annual from the next period. Back to
 * monthly inside the annual commitment is refused with a field error on `plan`.
 */
export function changeSubscriptionPlan({ id, plan }: { id: string; plan: WatchPlan }) {
  return callEndpoint(billingEndpoints.changePlan, { params: { id }, body: { plan } });
}

export function useChangeSubscriptionPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSubscriptionPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.subscriptions }),
  });
}
