import {
  MESSAGE_KEYS,
  type CreateMessageValues,
  type LookupResponse,
  type MessageListResponse,
  type MessagesForMeResponse,
  type ScheduledMessage,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { isoTime } from '../../platform/db/query-helpers';
import type { RequestContext } from '../../platform/http/request-context';
import * as repository from './messages.repository';

/**
 * Scheduled messages of the caller's tenant: create, list, cancel (for Messages.Create holders),
 * and the caller's own inbox (for me, mark read). Delivery is the job's (message-delivery.ts).
 */

type MessageContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'now'>;

function toScheduledMessage(row: repository.MessageWithSender): ScheduledMessage {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    sendAt: isoTime(row.sendAt),
    status: row.status,
    userIds: row.userIds,
    organizationUnitIds: row.organizationUnitIds,
    includeSubOrganizations: row.includeSubOrganizations,
    createdByUserId: row.createdByUserId,
    createdByName: row.createdByName,
    createdAt: isoTime(row.createdAt),
    deliveredAt: isoTime(row.deliveredAt),
    recipientCount: row.recipientCount,
    emailCount: row.emailCount,
  };
}

const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

/** A field error for the first of `wanted` that is not among `found`, by its index. */
function unknownIdError(field: string, message: string, wanted: string[], found: string[]) {
  const known = new Set(found.map((id) => id.toLowerCase()));
  const index = wanted.findIndex((id) => !known.has(id.toLowerCase()));
  return index < 0 ? undefined : { field: `${field}.${index}`, message };
}

/**
 * Schedules a message. The addressed users and units must be the caller's tenant's (a field error
 * on the first unknown one otherwise); who is a member is decided when the message is sent.
 */
export async function createMessage(
  ctx: MessageContext,
  input: CreateMessageValues,
): Promise<ScheduledMessage> {
  const userIds = unique(input.userIds);
  const unitIds = unique(input.organizationUnitIds);
  const foundUsers = await repository.findUserIdsInTenant(ctx.db, ctx.tenantId, userIds);
  const foundUnits = await repository.findUnitIdsInTenant(ctx.db, ctx.tenantId, unitIds);
  const errors = [
    unknownIdError('userIds', MESSAGE_KEYS.unknownUser, userIds, foundUsers),
    unknownIdError('organizationUnitIds', MESSAGE_KEYS.unknownOrganizationUnit, unitIds, foundUnits),
  ].filter((error) => error !== undefined);
  if (errors.length > 0) throw new DomainError('validation_failed', undefined, undefined, errors);
  const row = await repository.insertMessage(ctx.db, {
    tenantId: ctx.tenantId,
    subject: input.subject,
    body: input.body,
    sendAt: new Date(input.sendAt),
    userIds,
    organizationUnitIds: unitIds,
    includeSubOrganizations: input.includeSubOrganizations,
    createdByUserId: ctx.userId,
    createdAt: ctx.now(),
  });
  const created = await repository.findMessage(ctx.db, ctx.tenantId, row.id);
  return toScheduledMessage(created!);
}

export async function listMessages(
  ctx: Pick<MessageContext, 'db' | 'tenantId'>,
  query: repository.MessagePageRequest,
): Promise<MessageListResponse> {
  const { items, totalCount } = await repository.findMessages(ctx.db, ctx.tenantId, query);
  return { items: items.map(toScheduledMessage), totalCount };
}

export async function getMessage(
  ctx: Pick<MessageContext, 'db' | 'tenantId'>,
  id: string,
): Promise<ScheduledMessage> {
  const row = await repository.findMessage(ctx.db, ctx.tenantId, id);
  if (!row) throw new DomainError('not_found');
  return toScheduledMessage(row);
}

/** Cancels a scheduled message; 404 if unknown, 409 once it is delivered or already cancelled. */
export async function cancelMessage(ctx: MessageContext, id: string): Promise<ScheduledMessage> {
  const existing = await repository.findMessage(ctx.db, ctx.tenantId, id);
  if (!existing) throw new DomainError('not_found');
  // The delivery job holds a due message's row lock while sending; this waits for it and then
  // finds the message delivered, so a message is never both sent and cancelled.
  const cancelled = await repository.cancelMessage(ctx.db, ctx.tenantId, id, ctx.now());
  if (!cancelled) throw new DomainError('conflict', MESSAGE_KEYS.notScheduled);
  return toScheduledMessage({ ...cancelled, createdByName: existing.createdByName });
}

export async function listMessagesForMe(
  ctx: Pick<MessageContext, 'db' | 'tenantId' | 'userId'>,
  query: { skipCount: number; maxResultCount: number; unreadOnly: boolean },
): Promise<MessagesForMeResponse> {
  const { rows, totalCount, unreadCount } = await repository.findMessagesForUser(
    ctx.db,
    ctx.tenantId,
    ctx.userId,
    query,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      body: row.body,
      senderName: row.senderName,
      deliveredAt: isoTime(row.deliveredAt),
      readAt: isoTime(row.readAt),
    })),
    totalCount,
    unreadCount,
  };
}

/** Marks a message of the caller's inbox read; 404 when it did not reach the caller. */
export async function markMessageRead(ctx: MessageContext, id: string): Promise<void> {
  if (!(await repository.markMessageRead(ctx.db, ctx.tenantId, ctx.userId, id, ctx.now()))) {
    throw new DomainError('not_found');
  }
}

/** The recipient pickers: the tenant's users or organization units, searched and paged. */
export async function lookupRecipients(
  ctx: Pick<MessageContext, 'db' | 'tenantId'>,
  kind: 'users' | 'organizationUnits',
  lookup: { filter?: string; skip: number; take: number },
): Promise<LookupResponse> {
  return repository.findRecipientLookup(ctx.db, ctx.tenantId, kind, lookup);
}
