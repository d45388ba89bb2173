import { useMutation } from '@tanstack/react-query';
import type { SendTestEmailRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { SETTINGS_PATH } from './get-setting-group';

/** POST /api/setting-management/emailing/send-test-email: queues a test e-mail in the outbox. */
export function sendTestEmail(body: SendTestEmailRequest): Promise<unknown> {
  return apiFetch(`${SETTINGS_PATH}/emailing/send-test-email`, {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
