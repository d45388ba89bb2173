import type { Database } from '../../platform/db/database';
import { startIntervalJob, type JobLogger } from '../../platform/jobs/interval-job';
import type { BillingProvider } from './billing-provider';
import { applyBillingWebhook, type BillingEventHandler } from './billing-webhook.service';
import { LocalBillingProvider } from './local-billing-provider';

/*
 * Where the local provider's events go: Stripe posts its events to the webhook route; the local
 * provider hands its own, signed the same way, to the same service in-process (no HTTP round trip
 * to PUBLIC_URL, which the server may not reach). Verified and applied once per id, as Stripe's.
 */

export interface LocalWebhookDeliveryOptions {
  db: Database;
  provider: BillingProvider;
  handlers: readonly BillingEventHandler[];
}

/** Delivers the local provider's pending events once; returns how many (0 for Stripe). */
export function deliverLocalWebhooks(options: LocalWebhookDeliveryOptions, limit?: number): Promise<number> {
  const { provider } = options;
  if (!(provider instanceof LocalBillingProvider)) return Promise.resolve(0);
  return provider.deliverWebhookEvents(async (body, header) => {
    await applyBillingWebhook(options, body, header);
  }, limit);
}

/**
 * Delivers the local provider's events every `intervalMs` (a worker's job, main.ts); with Stripe
 * it does nothing and returns a stop function all the same.
 */
export function startLocalWebhookDelivery(
  options: LocalWebhookDeliveryOptions & { intervalMs?: number; logger?: JobLogger },
): () => Promise<void> {
  if (options.provider.kind !== 'local') return async () => undefined;
  return startIntervalJob(
    options.intervalMs ?? 5_000,
    'local billing webhook delivery',
    () => deliverLocalWebhooks(options),
    options.logger,
  );
}
