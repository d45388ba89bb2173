import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `DELETE /api/billing/cards/:id`: removing the default leaves the household without one. */
export function removeCard(id: string): Promise<void> {
  return apiFetch<void>(`/api/billing/cards/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.cards }),
  });
}
