import { ALARM_CHANNELS, type AlarmChannel } from '@homeward/contracts';
import { and, eq, gte } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { outbox } from '../../platform/outbox/outbox.schema';
import type { DeliveryAttempt, DeliveryAttemptHandler } from '../../platform/outbox/push-transport';
import { findAlarmReceivers } from '../citizens';
import { insertAlarmHistory } from './alarms.repository';
import { alarms } from './alarms.schema';
import { enqueueAlarmMessage, hasAddress } from './alarm-notifications';

/**
 * The alarm's side of the outbox (passed to the delivery job at start-up, platform knowing nothing
 * of alarms): every attempt of an alarm's message becomes a `delivered` or `deliveryFailed` entry
 * of the alarm's timeline, and a push that reached no device falls back at once to the receiver's
 * next channel (push → SMS → e-mail) that has an address and was not already sent in this round.
 * Runs in the delivery's transaction, so the entry and the fallback are kept with the attempt.
 */
export const recordAlarmDeliveryAttempt: DeliveryAttemptHandler = async (db, attempt) => {
  const { row } = attempt;
  const [alarm] = await db
    .select({ id: alarms.id, tenantId: alarms.tenantId, citizenId: alarms.citizenId })
    .from(alarms)
    .where(eq(alarms.id, row.alarmId!));
  if (!alarm) return;
  const detail: Record<string, unknown> = {
    channel: row.channel,
    receiverId: row.receiverId,
    outboxId: row.id,
  };
  if (attempt.outcome === 'sent') {
    await insertAlarmHistory(db, {
      tenantId: alarm.tenantId,
      alarmId: alarm.id,
      at: attempt.at,
      action: 'delivered',
      detail,
    });
    return;
  }
  if (attempt.reason) detail.reason = attempt.reason;
  if (row.channel === 'push' && attempt.outcome === 'gaveUp' && alarm.citizenId) {
    const fallbackTo = await queueFallback(db, { ...alarm, citizenId: alarm.citizenId }, attempt);
    if (fallbackTo) detail.fallbackTo = fallbackTo;
  }
  await insertAlarmHistory(db, {
    tenantId: alarm.tenantId,
    alarmId: alarm.id,
    at: attempt.at,
    action: 'deliveryFailed',
    detail,
  });
};

/** Queues the failed message's text on the next usable channel; that channel, or null. */
async function queueFallback(
  db: Database,
  alarm: { id: string; tenantId: string | null; citizenId: string },
  { row }: DeliveryAttempt,
): Promise<AlarmChannel | null> {
  const receivers = await findAlarmReceivers(db, alarm.tenantId, alarm.citizenId);
  const receiver = receivers.find((candidate) => candidate.id === row.receiverId);
  if (!receiver) return null;
  // This round's messages to the receiver: queued with the failed one (one transaction, one
  // created_at) or after it, by an earlier fallback.
  const round = await db
    .select({ channel: outbox.channel })
    .from(outbox)
    .where(
      and(
        eq(outbox.alarmId, alarm.id),
        eq(outbox.receiverId, receiver.id),
        gte(outbox.createdAt, row.createdAt),
      ),
    );
  const used = new Set<string>(round.map((message) => message.channel));
  const later = ALARM_CHANNELS.slice(ALARM_CHANNELS.indexOf(row.channel as AlarmChannel) + 1);
  const next = later.find((channel) => !used.has(channel) && hasAddress(receiver, channel));
  if (!next) return null;
  const payload = JSON.parse(row.body) as { title?: string; body?: string };
  await enqueueAlarmMessage(db, alarm, receiver, next, {
    subject: payload.title ?? '',
    body: payload.body ?? '',
  });
  return next;
}
