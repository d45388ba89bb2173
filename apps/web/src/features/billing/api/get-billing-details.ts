import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingDetailsResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/details`: the household's billing details, all null before the first save. */
export function getBillingDetails(): Promise<BillingDetailsResponse> {
  return apiFetch<BillingDetailsResponse>('/api/billing/details');
}

export const billingDetailsQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.details,
  queryFn: getBillingDetails,
});

export function useBillingDetails() {
  return useQuery(billingDetailsQueryOptions);
}
