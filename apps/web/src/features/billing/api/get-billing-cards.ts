import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints, type BillingCardsResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/cards`: the household's saved cards (brand, last four, expiry, default). */
export function getBillingCards(): Promise<BillingCardsResponse> {
  return callEndpoint(billingEndpoints.cards);
}

export const billingCardsQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.cards,
  queryFn: getBillingCards,
});

export function useBillingCards() {
  return useQuery(billingCardsQueryOptions);
}
