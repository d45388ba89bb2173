import { useMutation } from '@tanstack/react-query';
import { settingEndpoints, type SendTestEmailRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** POST /api/setting-management/emailing/send-test-email: queues a test e-mail in the outbox. */
export function sendTestEmail(body: SendTestEmailRequest): Promise<unknown> {
  return callEndpoint(settingEndpoints.sendTestEmail, { body });
}

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
