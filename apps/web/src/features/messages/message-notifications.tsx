import type { RealtimeEvent } from '@homeward/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { useRealtimeEvents } from '../../app/realtime/realtime-events';
import { MESSAGES_FOR_ME_QUERY_KEY } from './get-messages';

type MessageEvent = Extract<RealtimeEvent, { type: 'message' }>;

/**
 * Follows pushed `message` events (the server sends each only to its recipient): a toast
 * "New message: <subject>", and the inbox reloads wherever it is shown. Renders nothing.
 */
export function MessageNotifications() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  useRealtimeEvents((events) => {
    const messages = events.filter((event): event is MessageEvent => event.type === 'message');
    if (messages.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: MESSAGES_FOR_ME_QUERY_KEY });
    const newest = messages[messages.length - 1]!;
    notify.notify(
      messages.length === 1
        ? t('messages:newMessageToast', { subject: newest.text })
        : t('messages:newMessagesToast', { count: messages.length, subject: newest.text }),
      'info',
    );
  });
  return null;
}
