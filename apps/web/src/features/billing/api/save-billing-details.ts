import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  billingEndpoints,
  type BillingDetailsRequest,
  type BillingDetailsResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { BILLING_QUERY_KEYS } from './billing-query-keys';

/** `PUT /api/billing/details`: saved here and on the processor's customer. */
export function saveBillingDetails(request: BillingDetailsRequest): Promise<BillingDetailsResponse> {
  return callEndpoint(billingEndpoints.saveDetails, { body: request });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingDetails,
    onSuccess: (saved) => queryClient.setQueryData(BILLING_QUERY_KEYS.details, saved),
  });
}
