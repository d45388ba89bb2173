import { z } from 'zod';
import { zDateTimeInput } from './field-rules';
import { zPagedRequest, zPagedResult } from './users';

/**
 * Contracts of scheduled messages (/api/messages, spec §7 "Scheduled messages (for me, create)"):
 * a message to users and organization units, sent at its time by the delivery job (e-mail through
 * the outbox and a realtime `message` event per recipient), and the signed-in user's inbox.
 */

export const MESSAGE_STATUSES = ['scheduled', 'delivered', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 4000;
/** A send time may lie this far in the past (the time it took to fill in the form). */
export const MESSAGE_SEND_AT_GRACE_MS = 60 * 1000;

/** Translation keys (namespace `messages`) of the rules the server enforces. */
export const MESSAGE_KEYS = {
  sendAtInPast: 'messages:sendAtInPast',
  recipientRequired: 'messages:recipientRequired',
  unknownUser: 'messages:unknownUser',
  unknownOrganizationUnit: 'messages:unknownOrganizationUnit',
  notScheduled: 'messages:notScheduled',
} as const;

/** Whether a send time is acceptable at `now`: not more than a minute in the past. */
export function isSendAtAcceptable(sendAt: string, now: Date): boolean {
  return new Date(sendAt).getTime() >= now.getTime() - MESSAGE_SEND_AT_GRACE_MS;
}

const zIds = z.array(z.uuid()).max(500).optional().default([]);

const zMessageFields = z.object({
  subject: z.string().trim().min(1).max(MESSAGE_SUBJECT_MAX),
  body: z.string().trim().min(1).max(MESSAGE_BODY_MAX),
  sendAt: zDateTimeInput,
  userIds: zIds,
  organizationUnitIds: zIds,
  /** Members of the units' sub-units get the message too. */
  includeSubOrganizations: z.boolean().optional().default(false),
});

/** POST /api/messages. The send time is checked against the clock when the request is parsed. */
export const zCreateMessageRequest = zMessageFields.superRefine((value, context) => {
  if (!isSendAtAcceptable(value.sendAt, new Date())) {
    context.addIssue({ code: 'custom', path: ['sendAt'], message: MESSAGE_KEYS.sendAtInPast });
  }
  if (value.userIds.length + value.organizationUnitIds.length === 0) {
    context.addIssue({ code: 'custom', path: ['userIds'], message: MESSAGE_KEYS.recipientRequired });
  }
});
export type CreateMessageRequest = z.input<typeof zCreateMessageRequest>;
export type CreateMessageValues = z.output<typeof zCreateMessageRequest>;

/** A scheduled (or sent, or cancelled) message, as its creators see it. */
export const zScheduledMessage = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  sendAt: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  userIds: z.array(z.uuid()),
  organizationUnitIds: z.array(z.uuid()),
  includeSubOrganizations: z.boolean(),
  createdByUserId: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** Users the message reached; null until delivered. */
  recipientCount: z.number().int().nullable(),
  /** Recipients it was e-mailed to (those with an address). */
  emailCount: z.number().int().nullable(),
});
export type ScheduledMessage = z.infer<typeof zScheduledMessage>;

/** GET /api/messages: the tenant's messages, newest send time first; search by subject. */
export const zMessageListRequest = zPagedRequest.extend({
  status: z.enum(MESSAGE_STATUSES).optional(),
});
export type MessageListRequest = z.input<typeof zMessageListRequest>;
export const zMessageListResponse = zPagedResult(zScheduledMessage);
export type MessageListResponse = z.infer<typeof zMessageListResponse>;

/** One delivered message in the signed-in user's inbox. */
export const zMessageForMe = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  senderName: z.string().nullable(),
  deliveredAt: z.string(),
  readAt: z.string().nullable(),
});
export type MessageForMe = z.infer<typeof zMessageForMe>;

/** GET /api/messages/for-me: newest first; `unreadCount` counts the whole inbox, not the page. */
export const zMessagesForMeRequest = zPagedRequest.pick({ skipCount: true, maxResultCount: true }).extend({
  unreadOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type MessagesForMeRequest = z.input<typeof zMessagesForMeRequest>;
export const zMessagesForMeResponse = zPagedResult(zMessageForMe).extend({
  unreadCount: z.number().int(),
});
export type MessagesForMeResponse = z.infer<typeof zMessagesForMeResponse>;
