import { zApiError } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../platform/errors/domain-error';
import type { ModuleDependencies } from '../module-dependencies';
import { isBillingError } from './billing-error';
import type { BillingProvider } from './billing-provider';
import { applyBillingWebhook, type BillingEventHandler } from './billing-webhook.service';
import { createBillingProvider } from './create-billing-provider';
import { WEBHOOK_SIGNATURE_HEADER } from './webhook-signature';

export const BILLING_WEBHOOK_PATH = '/api/billing/webhook';

/** Largest webhook body; Stripe's events are a few KB. */
const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

export interface BillingProviderRoutesOptions extends ModuleDependencies {
  /** The processor; made from the configuration unless given. */
  billingProvider?: BillingProvider;
  /** What applies each event (the billing module's handlers); none: events are only recorded. */
  billingEventHandlers?: readonly BillingEventHandler[];
}

const zWebhookAnswer = z.object({
  received: z.literal(true),
  /** The event id was applied before: this delivery changed nothing. */
  duplicate: z.boolean(),
});

/**
 * The card processor's webhook, for Stripe and the local provider alike. No sign-in: the signature
 * over the raw body is the proof, so this plugin reads every body as bytes (encapsulated: other
 * routes keep their JSON parser). It runs outside a request transaction (the service writes in its
 * own, on the server's connection, as processor events belong to no tenant's request) and out of
 * the audit log (no user acts).
 *
 * Answers: 200 `{ received, duplicate }` for an applied event and for a replay of one already
 * applied (Stripe retries anything but a 2xx for days, so a duplicate is acknowledged, not refused);
 * 400 for a missing, wrong or stale signature (older than 5 minutes: a captured request cannot be
 * replayed later); 503 while STRIPE_WEBHOOK_SECRET is missing, so Stripe keeps the event.
 */
export const billingProviderRoutes: FastifyPluginAsyncZod<BillingProviderRoutesOptions> = async (
  app,
  deps,
) => {
  const provider = deps.billingProvider ?? createBillingProvider(deps.config, deps.database.db);
  const handlers = deps.billingEventHandlers ?? [];

  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    BILLING_WEBHOOK_PATH,
    {
      config: { permission: 'public', transaction: false, audit: false },
      schema: {
        tags: ['billing'],
        summary:
          "The card processor's webhook: a signed event (Stripe-Signature header), applied once per event id",
        response: { 200: zWebhookAnswer, 400: zApiError, 503: zApiError },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers[WEBHOOK_SIGNATURE_HEADER];
      try {
        const result = await applyBillingWebhook(
          { db: deps.database.db, provider, handlers },
          body,
          Array.isArray(header) ? header[0] : header,
        );
        return { received: true as const, duplicate: !result.applied };
      } catch (error) {
        if (isBillingError(error) && error.code === 'webhook_signature_invalid') {
          throw new DomainError('bad_request', undefined, 'webhook_signature_invalid');
        }
        if (isBillingError(error) && error.code === 'webhook_secret_missing') {
          throw new DomainError('service_unavailable', undefined, 'webhook_secret_missing');
        }
        throw error;
      }
    },
  );
};
