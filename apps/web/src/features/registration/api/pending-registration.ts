import { useMutation } from '@tanstack/react-query';
import type { PendingRegistrationResponse, RegistrationRequest } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

/** `POST /api/account/pending-registration`: creates the account and sends the confirmation e-mail. */
export function registerPending(request: RegistrationRequest): Promise<PendingRegistrationResponse> {
  return apiFetch<PendingRegistrationResponse>('/api/account/pending-registration', {
    method: 'POST',
    body: JSON.stringify(request),
  });
}

export function usePendingRegistration() {
  return useMutation({ mutationFn: registerPending });
}
