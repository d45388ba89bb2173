import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingEndpoints, type BillingInvoicesResponse } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/invoices`: the household's invoices, newest first. */
export function getBillingInvoices(): Promise<BillingInvoicesResponse> {
  return callEndpoint(billingEndpoints.invoices);
}

export const billingInvoicesQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.invoices,
  queryFn: getBillingInvoices,
});

export function useBillingInvoices(enabled = true) {
  return useQuery({ ...billingInvoicesQueryOptions, enabled });
}
