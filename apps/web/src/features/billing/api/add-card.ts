import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingEndpoints, type AddCardRequest, type BillingCard } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `POST /api/billing/cards`: saves the card the card form confirmed, optionally as the default. */
export function addCard(request: AddCardRequest): Promise<BillingCard> {
  return callEndpoint(billingEndpoints.addCard, { body: request });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEYS.cards }),
  });
}
