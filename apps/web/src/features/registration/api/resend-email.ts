import { useMutation } from '@tanstack/react-query';
import type { ResendEmailRequest } from '@homeward/contracts';
import { apiFetch } from '../../../app/api/api-fetch';

/** `POST /api/account/resend-email`: always 204, whether or not the address awaits confirmation. */
export async function resendConfirmationEmail(request: ResendEmailRequest): Promise<void> {
  await apiFetch<void>('/api/account/resend-email', { method: 'POST', body: JSON.stringify(request) });
}

export function useResendConfirmationEmail() {
  return useMutation({ mutationFn: resendConfirmationEmail });
}
