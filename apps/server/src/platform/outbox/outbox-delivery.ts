import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { EmailTransport, OutboundEmail } from './email-transport';
import { outbox, type OutboxRow } from './outbox.schema';
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
 * Sends pending e-mails (and SMS, given an SMS transport) from the outbox, oldest first. A failed
 * send is retried with exponential back-off (`outboxRetryDelayMs`) until `OUTBOX_MAX_ATTEMPTS`,
 * and every attempt, sent or failed, is one structured log entry. Each run claims a batch with
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

async function deliverBatch({
  db,
  logger,
  transport,
  smsTransport,
  now = () => new Date(),
}: OutboxDeliveryOptions): Promise<number> {
  const channels: ('email' | 'sms')[] = smsTransport ? ['email', 'sms'] : ['email'];
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

    let sent = 0;
    for (const row of rows) {
      const attempts = row.attempts + 1;
      // The recipient and body stay out of the log: they may hold personal data and secrets.
      const entry = { outboxId: row.id, tenantId: row.tenantId, channel: row.channel, attempt: attempts };
      try {
        if (row.channel === 'sms') await smsTransport!.send({ to: row.recipient, body: row.body });
        else await transport.send(emailOf(row));
        await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: now(), attempts, lastAttemptAt: at })
          .where(eq(outbox.id, row.id));
        logger.info({ ...entry, outcome: 'sent' }, `${row.channel} sent`);
        sent += 1;
      } catch (error) {
        const status = attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'pending';
        const nextAttemptAt = new Date(at.getTime() + outboxRetryDelayMs(attempts));
        const lastError = error instanceof Error ? error.message.slice(0, 500) : String(error);
        logger.warn(
          { ...entry, outcome: status === 'failed' ? 'gaveUp' : 'retry', nextAttemptAt, err: error },
          `${row.channel} could not be sent`,
        );
        await tx
          .update(outbox)
          .set({ attempts, status, lastAttemptAt: at, lastError, nextAttemptAt })
          .where(eq(outbox.id, row.id));
      }
    }
    return sent;
  });
}
