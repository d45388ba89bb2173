import type { Database } from '../db/database';
import { outbox } from './outbox.schema';

/** A file to send with an e-mail. */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** The alarm and receiver a notification is for; the delivery reports each attempt of it. */
export interface AlarmNotificationRef {
  alarmId: string;
  receiverId: string;
}

export interface EmailMessage {
  tenantId: string | null;
  to: string;
  subject: string;
  /** Plain text; links stand on their own lines so any mail client makes them clickable. */
  body: string;
  /** Files sent with it (an invoice PDF); stored with the message until it is delivered. */
  attachments?: EmailAttachment[];
  alarm?: AlarmNotificationRef;
}

/**
 * Queues an e-mail. Call it with the transaction of the change that causes the message, so the
 * message leaves only if the change is committed; the delivery job sends it afterwards.
 */
export async function enqueueEmail(db: Database, message: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      tenantId: message.tenantId,
      channel: 'email',
      recipient: message.to,
      subject: message.subject,
      body: message.body,
      attachments: message.attachments?.length
        ? message.attachments.map(({ fileName, contentType, content }) => ({
            fileName,
            contentType,
            contentBase64: content.toString('base64'),
          }))
        : null,
      alarmId: message.alarm?.alarmId,
      receiverId: message.alarm?.receiverId,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

export interface SmsMessage {
  tenantId: string | null;
  to: string;
  body: string;
  alarm?: AlarmNotificationRef;
}

/** Queues an SMS, like `enqueueEmail`: in the transaction of the change that causes it. */
export async function enqueueSms(db: Database, message: SmsMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      tenantId: message.tenantId,
      channel: 'sms',
      recipient: message.to,
      body: message.body,
      alarmId: message.alarm?.alarmId,
      receiverId: message.alarm?.receiverId,
    })
    .returning({ id: outbox.id });
  return row!.id;
}

/** What a push notification shows; the service worker opens `url` when it is clicked. */
export interface PushPayload {
  alarmId?: string;
  title: string;
  body: string;
  url: string;
}

export interface PushMessage {
  tenantId: string | null;
  /** The user whose subscribed devices get it. */
  userId: string;
  payload: PushPayload;
  alarm?: AlarmNotificationRef;
}

/** Queues a Web Push notification to every device of a user, like `enqueueEmail`. */
export async function enqueuePush(db: Database, message: PushMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      tenantId: message.tenantId,
      channel: 'push',
      recipient: message.userId,
      subject: message.payload.title,
      body: JSON.stringify(message.payload),
      alarmId: message.alarm?.alarmId,
      receiverId: message.alarm?.receiverId,
    })
    .returning({ id: outbox.id });
  return row!.id;
}
