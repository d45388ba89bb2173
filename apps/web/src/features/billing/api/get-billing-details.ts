import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints, type BillingDetailsResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/details`: the household's billing details, all null before the first save. */
export function getBillingDetails(): Promise<BillingDetailsResponse> {
  return callEndpoint(billingEndpoints.details);
}

export const billingDetailsQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.details,
  queryFn: getBillingDetails,
});

export function useBillingDetails() {
  return useQuery(billingDetailsQueryOptions);
}
