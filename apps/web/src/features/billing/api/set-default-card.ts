import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type BillingCardsResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `PUT /api/billing/cards/:id/default`: the card charged from now on; answers the cards. */
export function setDefaultCard(id: string): Promise<BillingCardsResponse> {
  return callEndpoint(billingEndpoints.setDefaultCard, { params: { id } });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    onSuccess: (cards) => queryClient.setQueryData(BILLING_QUERY_KEYS.cards, cards),
  });
}
