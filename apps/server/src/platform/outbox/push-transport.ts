import type { Database } from '../db/database';
import type { OutboxRow } from './outbox.schema';

/** A queued push notification as it leaves: to every subscribed device of one user. */
export interface OutboundPush {
  tenantId: string | null;
  userId: string;
  /** The JSON text the service worker receives (outbox `body`). */
  payload: string;
}

/** How a push went: delivered when at least one device's push service accepted it. */
export interface PushSendResult {
  delivered: boolean;
  /** Why nothing was delivered (`noSubscription`, `gone`, `rejected`, `unreachable`). */
  reason?: string;
}

/**
 * What sends Web Push. It gets the delivery's transaction, so it reads the user's subscriptions and
 * drops the ones a push service has forgotten (404/410) while the message's row is locked. The
 * implementation lives in modules/push; the outbox knows only this shape.
 */
export interface PushTransport {
  send(db: Database, message: OutboundPush): Promise<PushSendResult>;
}

/** One delivery attempt of a message, as the outbox tells it to whoever composed the job. */
export interface DeliveryAttempt {
  row: OutboxRow;
  /** `sent`, `retry` (pending again after a back-off) or `gaveUp` (marked failed). */
  outcome: 'sent' | 'retry' | 'gaveUp';
  /** Why the attempt failed (a short code or the error's message); never personal data. */
  reason?: string;
  /** When the attempt was made (the delivery's clock). */
  at: Date;
}

/**
 * Told of every attempt of a message that belongs to an alarm (`alarm_id` set), in the delivery's
 * transaction (a savepoint: its failure is logged and does not undo the delivery). The alarms
 * module passes one in at start-up to write the alarm's timeline and queue a fallback channel.
 */
export type DeliveryAttemptHandler = (db: Database, attempt: DeliveryAttempt) => Promise<void>;
