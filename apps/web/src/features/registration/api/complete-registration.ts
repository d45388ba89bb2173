import { useMutation } from '@tanstack/react-query';
import type { CompleteRegistrationRequest, CompleteRegistrationResponse } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

/** `POST /api/account/complete-registration`: confirms the e-mail with the link's token (single use). */
export function completeRegistration(
  request: CompleteRegistrationRequest,
): Promise<CompleteRegistrationResponse> {
  return apiFetch<CompleteRegistrationResponse>('/api/account/complete-registration', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration });
}
