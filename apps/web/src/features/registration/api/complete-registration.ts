import { useMutation } from '@tanstack/react-query';
import {
  registrationEndpoints,
  type CompleteRegistrationRequest,
  type CompleteRegistrationResponse,
} from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `POST /api/account/complete-registration`: confirms the e-mail with the link's token (single use). */
export function completeRegistration(
  request: CompleteRegistrationRequest,
): Promise<CompleteRegistrationResponse> {
  return callEndpoint(registrationEndpoints.complete, { body: request });
}

export function useCompleteRegistration() {
  return useMutation({ mutationFn: completeRegistration });
}
