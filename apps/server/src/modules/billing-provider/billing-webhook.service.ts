import type { Database } from '../../platform/db/database';
import type { BillingEvent, BillingProvider } from './billing-provider';
import { billingWebhookEvents } from './billing-provider.schema';

/**
 * What applies a processor event to our data (the billing module's handlers: an invoice paid or
 * failed, a subscription changed). It runs in the transaction that records the event id, on the
 * server's own connection: a handler that touches tenant rows sets their tenant scope itself
 * (`applyTransactionScope`), and calls no processor method (see billing-provider.ts).
 */
export type BillingEventHandler = (tx: Database, event: BillingEvent) => Promise<void>;

export interface BillingWebhookDependencies {
  db: Database;
  provider: BillingProvider;
  handlers: readonly BillingEventHandler[];
}

export interface BillingWebhookResult {
  eventId: string;
  /** False when the event id was applied before: nothing was done again. */
  applied: boolean;
}

/**
 * Verifies a webhook over its raw body and applies its event exactly once: the event id is written
 * in the same transaction as the handlers' changes, so a redelivery (the processor retries until it
 * gets a 2xx) or a replay finds the id and changes nothing, two deliveries at once wait for each
 * other on the id, and a handler's failure rolls the id back so the next delivery applies it.
 * Throws `BillingError` `webhook_signature_invalid` (or `webhook_secret_missing`) before any write.
 */
export async function applyBillingWebhook(
  deps: BillingWebhookDependencies,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<BillingWebhookResult> {
  const event = await deps.provider.constructWebhookEvent(rawBody, signatureHeader);
  return deps.db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(billingWebhookEvents)
      .values({ id: event.id, type: event.type, provider: deps.provider.kind, objectId: event.objectId })
      .onConflictDoNothing()
      .returning({ id: billingWebhookEvents.id });
    if (!recorded) return { eventId: event.id, applied: false };
    for (const handler of deps.handlers) await handler(tx, event);
    return { eventId: event.id, applied: true };
  });
}
