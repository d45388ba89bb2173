import type { BillingCard, CardSetupResponse, LocalCardConfirmResponse } from '@homeward/contracts';
import { apiRequest } from './accounts';

/** The processor's test Visa that is always accepted (the local provider knows the same test cards). */
const TEST_VISA = '4242424242424242';

async function postJson<T>(baseUrl: string, token: string, path: string, body: unknown): Promise<T> {
  const response = await apiRequest(baseUrl, path, { method: 'POST', token, body: JSON.stringify(body) });
  return (await response.json()) as T;
}

/**
 * Gives the household of the owner holding `token` a default card, through the API the way the
 * browser's card form does with the embedded local provider: start a setup, confirm it with the
 * test Visa, save the payment method as the default. For the journeys that need a card only as a
 * precondition (inviting a member requires one, issue 18); the billing screen's own journey adds
 * cards through the UI. Adding another card to a household that has one is harmless.
 */
export async function addDefaultTestCard(baseUrl: string, token: string): Promise<BillingCard> {
  // `{}`: the route takes no body, and an empty body with a JSON content type is refused.
  const setup = await postJson<CardSetupResponse>(baseUrl, token, '/api/billing/cards/setup', {});
  if (setup.provider !== 'local') {
    throw new Error(`journeys add cards through the local provider, but the server uses ${setup.provider}`);
  }
  const { paymentMethodId } = await postJson<LocalCardConfirmResponse>(
    baseUrl,
    token,
    '/api/billing/local/card-setups/confirm',
    {
      clientSecret: setup.clientSecret,
      number: TEST_VISA,
      expMonth: '12',
      // Valid for years to come, whenever the journey runs.
      expYear: String(new Date().getFullYear() + 3),
      cvc: '123',
      postalCode: '8000',
    },
  );
  const card = await postJson<BillingCard>(baseUrl, token, '/api/billing/cards', {
    paymentMethodId,
    makeDefault: true,
  });
  if (!card.isDefault) throw new Error(`the card ${card.id} was saved, but not as the default`);
  return card;
}
