import { zApiError, zLocalCardConfirmRequest, zLocalCardConfirmResponse } from '@homeward/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BillingProvider, LocalBillingProvider } from '../billing-provider';
import { callProvider } from './billing-context';

export const LOCAL_CARD_CONFIRM_PATH = '/api/billing/local/card-setups/confirm';

/**
 * The local provider's card entry: what Stripe.js does against Stripe's API (confirm a card setup
 * with the typed card and the setup's client secret) done against the embedded provider, so the
 * product works end to end without a processor account. Registered only while the provider is the
 * local one; with Stripe the route does not exist and card data never reaches this server.
 *
 * The client secret is the authority, as with the processor (it names one pending setup of one
 * customer and is handed only to that household's owner); the caller must also be signed in with
 * the right to manage cards. Kept out of the audit log: its body is card data (the local provider
 * itself stores only brand, last four and expiry). Refusals carry the processor's code in
 * `details`, like every billing failure, for the web app's one message table.
 */
export const localCardEntryRoutes: FastifyPluginAsyncZod<{ billingProvider: BillingProvider }> = async (
  app,
  { billingProvider },
) => {
  if (!(billingProvider instanceof LocalBillingProvider)) return;
  const provider = billingProvider;
  app.post(
    LOCAL_CARD_CONFIRM_PATH,
    {
      config: { permission: 'Homeward.Billing.ManageCards', transaction: false, audit: false },
      schema: {
        tags: ['billing'],
        summary: "Confirm a card setup with the local provider (the processor's card element stand-in)",
        body: zLocalCardConfirmRequest,
        response: { 200: zLocalCardConfirmResponse, 400: zApiError, 404: zApiError },
      },
    },
    async (request) => {
      const { clientSecret, ...card } = request.body;
      const paymentMethodId = await callProvider(() => provider.confirmCardSetup(clientSecret, card));
      return { paymentMethodId };
    },
  );
};
