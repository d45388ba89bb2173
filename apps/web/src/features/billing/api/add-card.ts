import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddCardRequest, BillingCard } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/cards`: saves the card the card form confirmed, optionally as the default. */
export function addCard(request: AddCardRequest): Promise<BillingCard> {
  return apiFetch<BillingCard>('/api/billing/cards', { method: 'POST', body: JSON.stringify(request) });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.cards }),
  });
}
