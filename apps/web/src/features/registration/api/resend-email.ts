import { useMutation } from '@tanstack/react-query';
import { registrationEndpoints, type ResendEmailRequest } from '@homeward/contracts';
import { callEndpoint } from '../../../app/api/endpoint-client';

/** `POST /api/account/resend-email`: always 204, whether or not the address awaits confirmation. */
export async function resendConfirmationEmail(request: ResendEmailRequest): Promise<void> {
  await callEndpoint(registrationEndpoints.resendEmail, { body: request });
}

export function useResendConfirmationEmail() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}
