import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../platform/db/database';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { publishRealtime } from '../../platform/realtime/realtime-publish';
import { applyTransactionScope } from '../../platform/tenancy/request-transaction';

/** How often the job looks for due messages. */
export const MESSAGE_DELIVERY_INTERVAL_MS = 5000;

interface DueMessage {
  id: string;
  tenant_id: string | null;
}

interface Recipient {
  id: string;
  email: string;
}

/**
 * The users a message reaches, resolved now (at delivery): the addressed users, and the members of
 * the addressed units (with `include_sub_organizations`, of every unit below them too, by the
 * materialised path `code`). Only active users of the message's tenant; each user once.
 */
async function resolveRecipients(tx: Database, messageId: string): Promise<Recipient[]> {
  return selectRows<Recipient>(
    tx,
    sql`select u.id, u.email from scheduled_messages m
        join users u on u.tenant_id is not distinct from m.tenant_id and u.is_active
        where m.id = ${messageId}
          and (u.id = any(m.user_ids) or exists (
            select 1 from user_organization_units uou
            join organization_units ou on ou.id = uou.organization_unit_id
            where uou.user_id = u.id
              and ou.tenant_id is not distinct from m.tenant_id
              and (ou.id = any(m.organization_unit_ids) or (m.include_sub_organizations and exists (
                select 1 from organization_units top
                where top.id = any(m.organization_unit_ids) and ou.code like top.code || '.%')))))
        order by u.id`,
  );
}

/**
 * Delivers one due message in the transaction that claimed it: recipient rows, one e-mail per
 * recipient with an address (outbox), one realtime `message` event per recipient (sent on commit),
 * and the message marked delivered with its counts. All or nothing.
 */
async function deliverMessage(tx: Database, message: DueMessage, now: Date): Promise<void> {
  const [content] = await selectRows<{ subject: string; body: string }>(
    tx,
    sql`select subject, body from scheduled_messages where id = ${message.id}`,
  );
  if (!content) return;
  const recipients = await resolveRecipients(tx, message.id);
  const at = now.toISOString();
  let emails = 0;
  for (const recipient of recipients) {
    await tx.execute(
      sql`insert into message_recipients (tenant_id, message_id, user_id, delivered_at)
          values (${message.tenant_id}, ${message.id}, ${recipient.id}, ${at}::timestamptz)
          on conflict do nothing`,
    );
    if (recipient.email.trim() !== '') {
      await enqueueEmail(tx, {
        tenantId: message.tenant_id,
        to: recipient.email,
        subject: content.subject,
        body: content.body,
      });
      emails += 1;
    }
    await publishRealtime(tx, {
      type: 'message',
      tenantId: message.tenant_id,
      userIds: [recipient.id],
      organizationIds: [],
      messageId: message.id,
      text: content.subject,
      at,
    });
  }
  await tx.execute(
    sql`update scheduled_messages set status = 'delivered', delivered_at = ${at}::timestamptz,
          recipient_count = ${recipients.length}, email_count = ${emails}
        where id = ${message.id}`,
  );
}

/** Where a message that cannot be delivered is reported; the run goes on with the next one. */
export interface DeliveryFailureLog {
  error(object: object, message: string): void;
}

/**
 * Delivers every message due at `now`, one transaction each. The claim runs as the process owner
 * (it sees every tenant's queue) with `FOR UPDATE SKIP LOCKED`, so concurrent runners (threads or
 * processes) never take the same message; the rest of the transaction then runs in the message's
 * tenant scope under the request role, so row-level security checks every row it writes, as for a
 * request. A message another runner holds is skipped, and one it has delivered no longer matches.
 * A message whose delivery fails is rolled back (still scheduled), logged and left for the next
 * run, so it never holds up the messages due after it. Returns how many messages were delivered.
 */
export async function deliverDueMessages(db: Database, now: Date, log?: DeliveryFailureLog): Promise<number> {
  let delivered = 0;
  const failed: string[] = [];
  for (;;) {
    let claimedId: string | undefined;
    const skipFailed =
      failed.length === 0
        ? sql``
        : sql`and id not in (${sql.join(
            failed.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
    try {
      const claimed = await db.transaction(async (tx) => {
        const [due] = await selectRows<DueMessage>(
          tx,
          sql`select id, tenant_id from scheduled_messages
              where status = 'scheduled' and send_at <= ${now.toISOString()}::timestamptz ${skipFailed}
              order by send_at, id limit 1
              for update skip locked`,
        );
        if (!due) return false;
        claimedId = due.id;
        await applyTransactionScope(tx, {
          scope: due.tenant_id ? { kind: 'tenant', tenantId: due.tenant_id } : { kind: 'host' },
        });
        await deliverMessage(tx, due, now);
        return true;
      });
      if (!claimed) return delivered;
      delivered += 1;
    } catch (error) {
      // A failure before any message was claimed (the database is gone) ends the run.
      if (claimedId === undefined) throw error;
      failed.push(claimedId);
      log?.error({ err: error, messageId: claimedId }, 'scheduled message could not be delivered');
    }
  }
}

export interface MessageDeliveryOptions {
  /** The process database (a background job, not a request). */
  db: Database;
  logger?: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  now?: () => Date;
  intervalMs?: number;
}

export interface MessageDelivery {
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * The scheduled-message job, where ROLE says jobs run: every few seconds it delivers the messages
 * that are due. A slow run is never overlapped by its timer; a failed one is logged and the next
 * tick tries again (the failed message's transaction rolled back, so it is still scheduled).
 */
export function startMessageDelivery(options: MessageDeliveryOptions): MessageDelivery {
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = deliverDueMessages(options.db, now(), options.logger)
      .then((delivered) => {
        if (delivered > 0) options.logger?.info({ delivered }, 'Delivered scheduled messages');
      })
      .catch((error: unknown) => options.logger?.error({ err: error }, 'message delivery failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? MESSAGE_DELIVERY_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
