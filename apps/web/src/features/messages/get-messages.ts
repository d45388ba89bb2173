import type {
  CreateMessageValues,
  MessageListResponse,
  MessagesForMeResponse,
  PagedRequest,
  ScheduledMessage,
} from '@homeward/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every messages query; creating, cancelling, reading or a pushed message invalidates it. */
export const MESSAGES_QUERY_KEY = ['messages'] as const;
/** The signed-in user's inbox. */
export const MESSAGES_FOR_ME_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'for-me'] as const;
/** The tenant's scheduled and sent messages (Messages.Create). */
export const SCHEDULED_MESSAGES_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'scheduled'] as const;

export const MESSAGES_PATH = '/api/messages';

/** GET /api/messages/for-me: one page of my messages, newest first, with the unread count. */
export function getMessagesForMe(page: {
  skipCount: number;
  maxResultCount: number;
}): Promise<MessagesForMeResponse> {
  return apiFetch(`${MESSAGES_PATH}/for-me${toQueryString(page)}`);
}

export const messagesForMeQueryOptions = (page: { skipCount: number; maxResultCount: number }) =>
  queryOptions({
    queryKey: [...MESSAGES_FOR_ME_QUERY_KEY, page],
    queryFn: () => getMessagesForMe(page),
    placeholderData: keepPreviousData,
  });

export function useMessagesForMe(page: { skipCount: number; maxResultCount: number }) {
  return useQuery(messagesForMeQueryOptions(page));
}

/** GET /api/messages: one page of the tenant's messages, newest send time first. */
export function getScheduledMessages(request: PagedRequest): Promise<MessageListResponse> {
  return apiFetch(`${MESSAGES_PATH}${toQueryString(request)}`);
}

/** POST /api/messages. */
export function createMessage(values: CreateMessageValues): Promise<ScheduledMessage> {
  return apiFetch(MESSAGES_PATH, { method: 'POST', body: JSON.stringify(values) });
}

/** POST /api/messages/{id}/cancel: only a message not sent yet. */
export function cancelMessage(id: string): Promise<ScheduledMessage> {
  return apiFetch(`${MESSAGES_PATH}/${id}/cancel`, { method: 'POST', body: '{}' });
}

/** POST /api/messages/{id}/read: one of my messages is opened. */
export function markMessageRead(id: string): Promise<unknown> {
  return apiFetch(`${MESSAGES_PATH}/${id}/read`, { method: 'POST', body: '{}' });
}
