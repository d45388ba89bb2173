import { billingEndpoints } from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `DELETE /api/billing/cards/:id`: removing the default leaves the household without one. */
export function removeCard(id: string): Promise<void> {
  return callEndpoint(billingEndpoints.removeCard, { params: { id } });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.cards }),
  });
}
