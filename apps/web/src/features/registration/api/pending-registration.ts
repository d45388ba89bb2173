import { useMutation } from '@tanstack/react-query';
import {
  registrationEndpoints,
  type PendingRegistrationResponse,
  type RegistrationRequest,
} from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `POST /api/account/pending-registration`: creates the account and sends the confirmation e-mail. */
export function registerPending(request: RegistrationRequest): Promise<PendingRegistrationResponse> {
  return callEndpoint(registrationEndpoints.register, { body: request });
}

export function usePendingRegistration() {
  return useMutation({ mutationFn: registerPending });
}
