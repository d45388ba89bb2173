import type { Database } from '../db/database';
import { outbox } from './outbox.schema';

/** A file to send with an e-mail. */
export interface EmailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EmailMessage {
  tenantId: string | null;
  to: string;
  subject: string;
  /** Plain text; links stand on their own lines so any mail client makes them clickable. */
  body: string;
  /** Files sent with it (an invoice PDF); stored with the message until it is delivered. */
  attachments?: EmailAttachment[];
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
    })
    .returning({ id: outbox.id });
  return row!.id;
}

export interface SmsMessage {
  tenantId: string | null;
  to: string;
  body: string;
}

/** Queues an SMS, like `enqueueEmail`: in the transaction of the change that causes it. */
export async function enqueueSms(db: Database, message: SmsMessage): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({ tenantId: message.tenantId, channel: 'sms', recipient: message.to, body: message.body })
    .returning({ id: outbox.id });
  return row!.id;
}
