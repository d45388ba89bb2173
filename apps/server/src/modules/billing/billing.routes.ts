import {
  zAddCardRequest,
  zBillingCard,
  zBillingCardsResponse,
  zBillingDetailsRequest,
  zBillingDetailsResponse,
  zBillingInvoicesResponse,
  zCardIdParams,
  zCardSetupResponse,
  zChangePlanRequest,
  zIdParams,
  zSubscribeRequest,
  zWatchSubscription,
  zWatchSubscriptionsResponse,
} from '@homeward/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, type RoutePermission } from '../../platform/auth/request-auth';
import { type BillingProvider, createBillingProvider } from '../billing-provider';
import type { ModuleDependencies } from '../module-dependencies';
import type { BillingContext, BillingServices } from './billing-context';
import { getBillingDetails, saveBillingDetails } from './billing-account.service';
import * as cards from './billing-cards.service';
import { watchPlanCatalogue } from './billing-plans';
import * as subscriptions from './billing-subscriptions.service';

const tags = ['billing'];
const BASE = '/api/billing';

export interface BillingRoutesOptions extends ModuleDependencies {
  /** The processor; made from the configuration unless given (tests give one with a test clock). */
  billingProvider?: BillingProvider;
}

/**
 * A household's billing (issue 18): details, cards, subscriptions and invoices. The owner (Plug and
 * Play Admin) holds the permissions; members hold none (the card, address and invoices are the
 * payer's). Every route runs outside the request transaction (`transaction: false`): the services
 * call the processor between short transactions of their own in the household's scope
 * (billing-context.ts), never inside one.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, deps) => {
  const provider = deps.billingProvider ?? createBillingProvider(deps.config, deps.database.db);
  const services: BillingServices = {
    provider,
    plans: watchPlanCatalogue(provider),
    stripePublishableKey: deps.config.stripePublishableKey ?? null,
  };
  // The prices exist before the first request where that costs nothing (the embedded provider);
  // Stripe's are ensured at first use, so an unreachable processor does not stop start-up.
  if (provider.kind === 'local') await services.plans();

  const contextOf = (request: FastifyRequest): BillingContext => {
    const auth = requireAuth(request);
    return {
      db: deps.database.db,
      tenantId: auth.tenantId,
      userId: auth.userId,
      requestId: (request as { auditLogId?: string }).auditLogId,
      now: () => new Date(),
    };
  };
  const config = (permission: RoutePermission) => ({ permission, transaction: false });

  app.get(
    `${BASE}/details`,
    {
      config: config('Homeward.Billing'),
      schema: {
        tags,
        summary: "The household's billing details",
        response: { 200: zBillingDetailsResponse },
      },
    },
    async (request) => getBillingDetails(contextOf(request), services),
  );

  app.put(
    `${BASE}/details`,
    {
      config: config('Homeward.Billing.ManageSubscription'),
      schema: {
        tags,
        summary: "Save the household's billing details (also on the processor's customer)",
        body: zBillingDetailsRequest,
        response: { 200: zBillingDetailsResponse },
      },
    },
    async (request) => saveBillingDetails(contextOf(request), services, request.body),
  );

  app.get(
    `${BASE}/cards`,
    {
      config: config('Homeward.Billing'),
      schema: { tags, summary: "The household's saved cards", response: { 200: zBillingCardsResponse } },
    },
    async (request) => cards.listCards(contextOf(request), services),
  );

  app.post(
    `${BASE}/cards/setup`,
    {
      config: config('Homeward.Billing.ManageCards'),
      schema: {
        tags,
        summary: 'Start a card setup: the client secret the card form confirms, and which processor',
        response: { 200: zCardSetupResponse },
      },
    },
    async (request) => cards.setupCard(contextOf(request), services),
  );

  app.post(
    `${BASE}/cards`,
    {
      config: config('Homeward.Billing.ManageCards'),
      schema: {
        tags,
        summary: 'Save a confirmed card (payment method id), optionally as the default',
        body: zAddCardRequest,
        response: { 201: zBillingCard },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await cards.addCard(contextOf(request), services, request.body)),
  );

  app.delete(
    `${BASE}/cards/:id`,
    {
      config: config('Homeward.Billing.ManageCards'),
      schema: { tags, summary: 'Remove a card', params: zCardIdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await cards.removeCard(contextOf(request), services, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/cards/:id/default`,
    {
      config: config('Homeward.Billing.ManageCards'),
      schema: {
        tags,
        summary: 'Make a card the default (the one charged)',
        params: zCardIdParams,
        response: { 200: zBillingCardsResponse },
      },
    },
    async (request) => cards.setDefaultCard(contextOf(request), services, request.params.id),
  );

  app.get(
    `${BASE}/subscriptions`,
    {
      config: config('Homeward.Billing'),
      schema: {
        tags,
        summary: "The household's watch subscriptions with their renewal dates, and the plans",
        response: { 200: zWatchSubscriptionsResponse },
      },
    },
    async (request) => subscriptions.listSubscriptions(contextOf(request), services),
  );

  app.post(
    `${BASE}/subscriptions`,
    {
      config: config('Homeward.Billing.ManageSubscription'),
      schema: {
        tags,
        summary: 'Subscribe a connected watch, monthly or annual; the first month is charged now',
        body: zSubscribeRequest,
        response: { 201: zWatchSubscription },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await subscriptions.subscribe(contextOf(request), services, request.body)),
  );

  app.put(
    `${BASE}/subscriptions/:id/plan`,
    {
      config: config('Homeward.Billing.ManageSubscription'),
      schema: {
        tags,
        summary: 'Change between monthly and annual (from the next period)',
        params: zIdParams,
        body: zChangePlanRequest,
        response: { 200: zWatchSubscription },
      },
    },
    async (request) =>
      subscriptions.changePlan(contextOf(request), services, request.params.id, request.body),
  );

  for (const [action, run] of [
    ['pause', subscriptions.pauseSubscription],
    ['resume', subscriptions.resumeSubscription],
  ] as const) {
    app.post(
      `${BASE}/subscriptions/:id/${action}`,
      {
        config: config('Homeward.Billing.ManageSubscription'),
        schema: {
          tags,
          summary: action === 'pause' ? 'Pause a subscription' : 'Resume (renew) a paused subscription',
          params: zIdParams,
          response: { 200: zWatchSubscription },
        },
      },
      async (request) => run(contextOf(request), services, request.params.id),
    );
  }

  app.get(
    `${BASE}/invoices`,
    {
      config: config('Homeward.Invoices'),
      schema: {
        tags,
        summary: "The household's invoices, newest first",
        response: { 200: zBillingInvoicesResponse },
      },
    },
    async (request) => cards.listInvoices(contextOf(request), services),
  );

  app.get(
    `${BASE}/invoices/:id/pdf`,
    {
      config: config('Homeward.Invoices'),
      schema: { tags, summary: "One of the household's invoices as a PDF", params: zCardIdParams },
    },
    async (request, reply) => {
      const pdf = await cards.invoicePdf(contextOf(request), services, request.params.id);
      reply.header('cache-control', 'private, no-store');
      reply.header(
        'content-disposition',
        `attachment; filename="invoice-${request.params.id.replace(/[^\w-]/g, '')}.pdf"`,
      );
      return reply.type('application/pdf').send(pdf);
    },
  );
};
