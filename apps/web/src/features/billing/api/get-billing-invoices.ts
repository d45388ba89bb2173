import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingInvoicesResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `GET /api/billing/invoices`: the household's invoices, newest first. */
export function getBillingInvoices(): Promise<BillingInvoicesResponse> {
  return apiFetch<BillingInvoicesResponse>('/api/billing/invoices');
}

export const billingInvoicesQueryOptions = queryOptions({
  queryKey: BILLING_QUERY_KEYS.invoices,
  queryFn: getBillingInvoices,
});

export function useBillingInvoices(enabled = true) {
  return useQuery({ ...billingInvoicesQueryOptions, enabled });
}
