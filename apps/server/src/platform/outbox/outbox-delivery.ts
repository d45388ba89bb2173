import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { EmailTransport, OutboundEmail } from './email-transport';
import { outbox, type OutboxRow } from './outbox.schema';
import type { DeliveryAttemptHandler, PushTransport } from './push-transport';
import type { SmsTransport } from './sms-transport';

/** Rows one delivery run claims; small, so locks are short and other workers share the queue. */
export const OUTBOX_BATCH_SIZE = 20;
/** After this many failed sends a message is marked `failed` and no longer retried. */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** The wait after the first failure; it doubles after each further one (10 s, 20 s, 40 s, 80 s). */
export const OUTBOX_RETRY_BASE_MS = 10_000;
export const OUTBOX_RETRY_MAX_MS = 10 * 60_000;

/** How long a message waits after its `attempts`-th failure. */
export function outboxRetryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), OUTBOX_RETRY_MAX_MS);
}

export interface OutboxDeliveryOptions {
  db: Database;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  transport: EmailTransport;
  /** Without one, SMS rows stay pending (a node without an SMS transport leaves them to others). */
  smsTransport?: SmsTransport;
  /** Without one, push rows stay pending (like SMS without an SMS transport). */
  pushTransport?: PushTransport;
  /** Told of every attempt of an alarm's message (see `DeliveryAttemptHandler`). */
  onAlarmAttempt?: DeliveryAttemptHandler;
  intervalMs?: number;
  /** The clock of the back-off (tests move it instead of waiting). */
  now?: () => Date;
}

export interface OutboxDelivery {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs one delivery now; resolves with the number of messages sent. */
  deliverNow(): Promise<number>;
}

/**
 * Sends pending e-mails (and SMS and push, given their transports) from the outbox, oldest first.
 * A failed e-mail or SMS is retried with exponential back-off (`outboxRetryDelayMs`) until
 * `OUTBOX_MAX_ATTEMPTS`; a failed push is failed at once, since an alarm then falls back to
 * another channel, which must not wait. Every attempt, sent or failed, is one structured log entry. Each run claims a batch with
 * `FOR UPDATE SKIP LOCKED` in one transaction and keeps the locks while sending, so any number of
 * workers (or processes) can run side by side without sending a message twice.
 */
export function startOutboxDelivery(options: OutboxDeliveryOptions): OutboxDelivery {
  const { intervalMs = 1000 } = options;
  let running: Promise<number> | undefined;
  let stopped = false;

  const tick = () => {
    // A slow run is not overlapped by the timer; the next tick picks up where it left off.
    if (running || stopped) return;
    running = deliverBatch(options)
      .catch((error: unknown) => {
        options.logger.error({ err: error }, 'outbox delivery failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // The job never keeps the process alive on its own.
  timer.unref();

  return {
    deliverNow: () => deliverBatch(options),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/** The e-mail a row holds, its stored attachments decoded. */
function emailOf(row: OutboxRow): OutboundEmail {
  const attachments = row.attachments?.map(({ fileName, contentType, contentBase64 }) => ({
    fileName,
    contentType,
    content: Buffer.from(contentBase64, 'base64'),
  }));
  return {
    to: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    ...(attachments?.length ? { attachments } : {}),
  };
}

/** A push that reached no device, as an error the attempt loop handles like any failed send. */
class PushNotDelivered extends Error {}

async function deliverBatch({
  db,
  logger,
  transport,
  smsTransport,
  pushTransport,
  onAlarmAttempt,
  now = () => new Date(),
}: OutboxDeliveryOptions): Promise<number> {
  const channels: OutboxRow['channel'][] = ['email'];
  if (smsTransport) channels.push('sms');
  if (pushTransport) channels.push('push');
  const at = now();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.status, 'pending'),
          inArray(outbox.channel, channels),
          // The database's clock too: `next_attempt_at` defaults to its now(), with microseconds.
          lte(outbox.nextAttemptAt, sql`greatest(now(), ${at.toISOString()}::timestamptz)`),
        ),
      )
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(OUTBOX_BATCH_SIZE)
      .for('update', { skipLocked: true });

    /** Tells the alarms module (when composed with one) how an alarm's message went. */
    const report = async (row: OutboxRow, outcome: 'sent' | 'retry' | 'gaveUp', reason?: string) => {
      if (!onAlarmAttempt || !row.alarmId) return;
      try {
        await tx.transaction((savepoint) => onAlarmAttempt(savepoint, { row, outcome, reason, at: now() }));
      } catch (error) {
        logger.error({ outboxId: row.id, err: error }, 'recording an alarm delivery attempt failed');
      }
    };

    let sent = 0;
    for (const row of rows) {
      const attempts = row.attempts + 1;
      // The recipient and body stay out of the log: they may hold personal data and secrets.
      const entry = { outboxId: row.id, tenantId: row.tenantId, channel: row.channel, attempt: attempts };
      try {
        if (row.channel === 'sms') await smsTransport!.send({ to: row.recipient, body: row.body });
        else if (row.channel === 'push') {
          const result = await pushTransport!.send(tx, {
            tenantId: row.tenantId,
            userId: row.recipient,
            payload: row.body,
          });
          if (!result.delivered) throw new PushNotDelivered(result.reason ?? 'notDelivered');
        } else await transport.send(emailOf(row));
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: now(), attempts, lastAttemptAt: at })
          .where(eq(outbox.id, row.id));
        logger.info({ ...entry, outcome: 'sent' }, `${row.channel} sent`);
        await report(row, 'sent');
        sent += 1;
      } catch (error) {
        const giveUp = attempts >= OUTBOX_MAX_ATTEMPTS || row.channel === 'push';
        const status = giveUp ? 'failed' : 'pending';
        const nextAttemptAt = new Date(at.getTime() + outboxRetryDelayMs(attempts));
        const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
        logger.warn(
          { ...entry, outcome: giveUp ? 'gaveUp' : 'retry', nextAttemptAt, err: error },
          `${row.channel} could not be sent`,
        );
        await tx
          .update(outbox)
          .set({ attempts, status, lastAttemptAt: at, lastError, nextAttemptAt })
          .where(eq(outbox.id, row.id));
        await report(row, giveUp ? 'gaveUp' : 'retry', lastError.slice(0, 200));
      }
    }
    return sent;
  });
}
