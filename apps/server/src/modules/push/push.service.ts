import {
  PUSH_MESSAGE_KEYS,
  PUSH_SUBSCRIPTIONS_PER_USER_MAX,
  type Language,
  type PushNotificationPayload,
  type PushSubscription,
  type PushSubscriptions,
  type PushTestResult,
  type zCreatePushSubscriptionRequest,
  type zDeletePushSubscriptionRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import { fieldError } from '../../platform/errors/field-errors';
import type { RequestContext } from '../../platform/http/request-context';
import { serverTexts } from '../../platform/i18n/server-texts';
import { endpointProblem } from './push-endpoint';
import * as repository from './push.repository';
import type { PushSubscriptionRow } from './push.schema';
import { pushToSubscriptions, type WebPushTransportOptions } from './web-push-transport';

/** A signed-in user's push subscriptions: only ever their own. */

type PushContext = Pick<RequestContext, 'db' | 'tenantId' | 'userId' | 'userAgent'>;

function toPushSubscription(row: PushSubscriptionRow): PushSubscription {
  return {
    id: row.id,
    service: new URL(row.endpoint).host,
    label: row.label,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failureCount: row.failureCount,
  };
}

export async function listPushSubscriptions(ctx: PushContext): Promise<PushSubscriptions> {
  const rows = await repository.findUserSubscriptions(ctx.db, ctx.tenantId, ctx.userId);
  return { items: rows.map(toPushSubscription) };
}

/**
 * Stores the browser's subscription for the caller (renewing it when the endpoint is known). The
 * endpoint must be one the server may fetch (`endpointProblem`); a user keeps at most
 * PUSH_SUBSCRIPTIONS_PER_USER_MAX devices, the oldest going first.
 */
export async function createPushSubscription(
  ctx: PushContext,
  input: z.output<typeof zCreatePushSubscriptionRequest>,
  insecureHosts: readonly string[],
): Promise<PushSubscription> {
  const problem = endpointProblem(input.endpoint, insecureHosts);
  if (problem) throw fieldError('endpoint', problem);
  const row = await repository.upsertSubscription(ctx.db, {
    tenantId: ctx.tenantId,
    userId: ctx.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label ?? '',
    userAgent: (ctx.userAgent ?? '').slice(0, 300),
  });
  await repository.trimUserSubscriptions(ctx.db, ctx.tenantId, ctx.userId, PUSH_SUBSCRIPTIONS_PER_USER_MAX);
  return toPushSubscription(row);
}

/** Removes one of the caller's devices by id (404 when it is not theirs). */
export async function deletePushSubscription(ctx: PushContext, id: string): Promise<void> {
  const deleted = await repository.deleteUserSubscription(ctx.db, ctx.tenantId, ctx.userId, { id });
  if (deleted === 0) throw new DomainError('not_found');
}

/** The browser unsubscribing itself: by endpoint, and fine when nothing was stored. */
export async function deletePushSubscriptionByEndpoint(
  ctx: PushContext,
  input: z.output<typeof zDeletePushSubscriptionRequest>,
): Promise<void> {
  await repository.deleteUserSubscription(ctx.db, ctx.tenantId, ctx.userId, input);
}

/** Sends a test notification to every device of the caller, at once (not through the outbox). */
export async function sendTestPush(
  ctx: PushContext,
  language: Language,
  options: WebPushTransportOptions,
): Promise<PushTestResult> {
  const subscriptions = await repository.findUserSubscriptions(ctx.db, ctx.tenantId, ctx.userId);
  if (subscriptions.length === 0) throw fieldError('subscriptions', PUSH_MESSAGE_KEYS.noSubscriptions);
  await serverTexts.load([language], ['push']);
  const payload: PushNotificationPayload = {
    title: serverTexts.translate(language, 'push:testTitle'),
    body: serverTexts.translate(language, 'push:testBody'),
    url: '/account',
  };
  const result = await pushToSubscriptions(ctx.db, subscriptions, JSON.stringify(payload), options);
  return { sent: result.sent, failed: result.failed };
}
