import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingCardsResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `PUT /api/billing/cards/:id/default`: the card charged from now on; answers the cards. */
export function setDefaultCard(id: string): Promise<BillingCardsResponse> {
  return apiFetch<BillingCardsResponse>(`/api/billing/cards/${encodeURIComponent(id)}/default`, {
    method: 'PUT',
  });
}

export function useSetDefaultCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultCard,
    onSuccess: (cards) => queryClient.setQueryData(BILLING_QUERY_KEYS.cards, cards),
  });
}
