import {
  messageEndpoints,
  type CreateMessageValues,
  type MessageListResponse,
  type MessagesForMeResponse,
  type PagedRequest,
  type ScheduledMessage,
} from '@homeward/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every messages query; creating, cancelling, reading or a pushed message invalidates it. */
export const MESSAGES_QUERY_KEY = ['messages'] as const;
/** The signed-in user's inbox. */
export const MESSAGES_FOR_ME_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'for-me'] as const;
/** The tenant's scheduled and sent messages (Messages.Create). */
export const SCHEDULED_MESSAGES_QUERY_KEY = [...MESSAGES_QUERY_KEY, 'scheduled'] as const;

/** GET /api/messages/for-me: one page of my messages, newest first, with the unread count. */
export function getMessagesForMe(page: {
  skipCount: number;
  maxResultCount: number;
}): Promise<MessagesForMeResponse> {
  return callEndpoint(messageEndpoints.forMe, { query: page });
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
  return callEndpoint(messageEndpoints.list, { query: request });
}

/** POST /api/messages. */
export function createMessage(values: CreateMessageValues): Promise<ScheduledMessage> {
  return callEndpoint(messageEndpoints.create, { body: values });
}

/** POST /api/messages/{id}/cancel: only a message not sent yet. */
export function cancelMessage(id: string): Promise<ScheduledMessage> {
  return callEndpoint(messageEndpoints.cancel, { params: { id } });
}

/** POST /api/messages/{id}/read: one of my messages is opened. */
export function markMessageRead(id: string): Promise<unknown> {
  return callEndpoint(messageEndpoints.markRead, { params: { id } });
}
