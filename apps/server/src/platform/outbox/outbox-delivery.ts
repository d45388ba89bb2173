import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/database';
import type { EmailTransport } from './email-transport';
import { outbox } from './outbox.schema';
import type { SmsTransport } from './sms-transport';

/** Rows one delivery run claims; small, so locks are short and other workers share the queue. */
export const OUTBOX_BATCH_SIZE = 20;
/** After this many failed sends a message is marked `failed` and no longer retried. */
export const OUTBOX_MAX_ATTEMPTS = 5;

export interface OutboxDeliveryOptions {
  db: Database;
  logger: Pick<Logger, 'warn' | 'error'>;
  transport: EmailTransport;
  /** Without one, SMS rows stay pending (a node without an SMS transport leaves them to others). */
  smsTransport?: SmsTransport;
  intervalMs?: number;
}

export interface OutboxDelivery {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs one delivery now; resolves with the number of messages sent. */
  deliverNow(): Promise<number>;
}

/**
 * Sends pending e-mails (and SMS, given an SMS transport) from the outbox, oldest first. Each run claims a batch with
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

async function deliverBatch({ db, logger, transport, smsTransport }: OutboxDeliveryOptions): Promise<number> {
  const channels: ('email' | 'sms')[] = smsTransport ? ['email', 'sms'] : ['email'];
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(eq(outbox.status, 'pending'), inArray(outbox.channel, channels)))
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(OUTBOX_BATCH_SIZE)
      .for('update', { skipLocked: true });

    let sent = 0;
    for (const row of rows) {
      try {
        if (row.channel === 'sms') await smsTransport!.send({ to: row.recipient, body: row.body });
        else await transport.send({ to: row.recipient, subject: row.subject ?? '', body: row.body });
        await tx.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const status = attempts >= OUTBOX_MAX_ATTEMPTS ? 'failed' : 'pending';
        // The recipient and body stay out of the log: they may hold personal data and secrets.
        logger.warn({ err: error, outboxId: row.id, attempts, status }, `${row.channel} could not be sent`);
        await tx.update(outbox).set({ attempts, status }).where(eq(outbox.id, row.id));
      }
    }
    return sent;
  });
}
