import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDetailsRequest, BillingDetailsResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `PUT /api/billing/details`: saved here and on the processor's customer. */
export function saveBillingDetails(request: BillingDetailsRequest): Promise<BillingDetailsResponse> {
  return apiFetch<BillingDetailsResponse>('/api/billing/details', {
    method: 'PUT',
    body: JSON.stringify(request),
  });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => queryClient.setQueryData(BILLING_QUERY_KEYS.details, saved),
  });
}
