import { ALARM_CHANNELS, type AlarmChannel, type AlarmKind } from '@homeward/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { enqueueEmail, enqueuePush, enqueueSms } from '../../platform/outbox/outbox';
import { findAlarmReceivers } from '../citizens';
import { alarmNotificationMessage, type AlarmLinkBases } from '../alarm-texts';
import { insertAlarmHistory } from './alarms.repository';
import { alarms } from './alarms.schema';

/**
 * The first alarm receiver of a citizen hears of a new alarm by the receiver's channels (push, SMS,
 * e-mail; each with an address), queued in the outbox in the alarm's transaction (so a rolled-back report sends nothing); the escalation job
 * (`alarm-escalation.ts`) notifies the later ones in their order while it stays open. The texts
 * are the tenant's alarm texts (modules/alarm-texts) in the default language.
 */

export interface NotifiedAlarm {
  id: string;
  tenantId: string | null;
  /** The alarm's watch (its name and position go into the message). */
  deviceId: string;
  citizenId: string;
  kind: AlarmKind;
  who: string;
  at: Date;
}

/**
 * Queues the messages to the citizen's receiver that comes after position `after` (0: the first),
 * records the `notified` history entry and the alarm's escalation position, all in `db`'s
 * transaction. `now` is the escalation job's clock; without it (a new alarm) the history entry has
 * the alarm's time and the escalation counts from the database's now. With `keepEscalation` (a
 * re-alert while the alarm escalates) the escalation's position and clock stay as they are.
 * `links` are the bases of the message's `{link}`. Returns the receiver's position, or null when
 * no receiver comes after `after`.
 */
export async function notifyNextReceiver(
  db: Database,
  links: AlarmLinkBases,
  alarm: NotifiedAlarm,
  after: number,
  now?: Date,
  options: { keepEscalation?: boolean } = {},
): Promise<number | null> {
  const receivers = await findAlarmReceivers(db, alarm.tenantId, alarm.citizenId);
  const receiver = receivers.find((candidate) => candidate.position > after);
  if (!receiver) return null;
  const message = await alarmNotificationMessage(db, alarm, links);
  const channels = reachableChannels(receiver);
  /** The outbox message of each channel: the timeline pairs delivery attempts with it. */
  const outbox: Partial<Record<AlarmChannel, string>> = {};
  for (const channel of channels) {
    outbox[channel] = await enqueueAlarmMessage(db, alarm, receiver, channel, message);
  }
  await insertAlarmHistory(db, {
    tenantId: alarm.tenantId,
    alarmId: alarm.id,
    at: now ?? alarm.at,
    action: 'notified',
    userId: receiver.userId,
    detail: {
      receiverId: receiver.id,
      position: receiver.position,
      name: receiver.name,
      channels,
      outbox,
    },
  });
  if (options.keepEscalation) return receiver.position;
  await db
    .update(alarms)
    .set({ notifiedPosition: receiver.position, notifiedAt: now ?? sql`now()` })
    .where(eq(alarms.id, alarm.id));
  return receiver.position;
}

/** What sending needs of a receiver (`findAlarmReceivers` rows). */
export interface ReachableReceiver {
  id: string;
  userId: string | null;
  phone: string;
  email: string;
  channels: AlarmChannel[];
}

/**
 * The receiver's chosen channels that have an address today, in fallback order (push, SMS,
 * e-mail): a phone number removed since the choice is skipped rather than failed.
 */
export function reachableChannels(
  receiver: ReachableReceiver,
  among: readonly AlarmChannel[] = ALARM_CHANNELS,
) {
  return among.filter((channel) => receiver.channels.includes(channel) && hasAddress(receiver, channel));
}

/** Whether the receiver has the address a channel needs. */
export function hasAddress(receiver: ReachableReceiver, channel: AlarmChannel): boolean {
  if (channel === 'push') return receiver.userId !== null;
  return channel === 'sms' ? receiver.phone !== '' : receiver.email !== '';
}

/** Queues one channel's message of an alarm to a receiver; the outbox row's id. */
export async function enqueueAlarmMessage(
  db: Database,
  alarm: Pick<NotifiedAlarm, 'id' | 'tenantId'>,
  receiver: ReachableReceiver,
  channel: AlarmChannel,
  message: { subject: string; body: string },
): Promise<string> {
  const ref = { alarmId: alarm.id, receiverId: receiver.id };
  if (channel === 'email') {
    return enqueueEmail(db, { tenantId: alarm.tenantId, to: receiver.email, ...message, alarm: ref });
  }
  if (channel === 'sms') {
    return enqueueSms(db, { tenantId: alarm.tenantId, to: receiver.phone, body: message.body, alarm: ref });
  }
  return enqueuePush(db, {
    tenantId: alarm.tenantId,
    userId: receiver.userId!,
    payload: { alarmId: alarm.id, title: message.subject, body: message.body, url: `/alarms/${alarm.id}` },
    alarm: ref,
  });
}

/** A new alarm: the citizen's first receiver hears of it; false when the citizen has none. */
export async function notifyFirstReceiver(
  db: Database,
  links: AlarmLinkBases,
  alarm: NotifiedAlarm,
): Promise<boolean> {
  return (await notifyNextReceiver(db, links, alarm, 0)) !== null;
}
