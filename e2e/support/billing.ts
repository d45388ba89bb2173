import type { Locator, Page } from 'playwright-core';
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

/** The billing screen's parts are landmarks named by their headings. */
export const billingSection = (page: Page, name: string) => page.getByRole('region', { name });

/** A card expiry some years ahead, whenever a journey runs: month 12, two-digit year. */
export const CARD_EXPIRY_YEAR = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');

/** Types a card into the local card fields of the open "Add a card" dialog. */
export async function typeCard(dialog: Locator, number: string): Promise<void> {
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry date').fill(`12 / ${CARD_EXPIRY_YEAR}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Postal code').fill('8000');
}

/** Opens Billing from the navigation (Subscription › Billing). */
export async function openBilling(page: Page, baseUrl: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('list')
    .filter({ hasText: 'Subscription' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await page.waitForURL(`${baseUrl}/subscription/billing`);
  await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
}

/**
 * Adds `number` as the default card on the billing screen, as a person does: "Add card", the card
 * form, "Make this my default card"; waits for the card to be listed as the default.
 */
export async function addDefaultCardOnScreen(page: Page, number = '4242 4242 4242 4242'): Promise<void> {
  await billingSection(page, 'Payment cards').getByRole('button', { name: 'Add card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await typeCard(dialog, number);
  await dialog.getByRole('checkbox', { name: 'Make this my default card' }).check();
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await dialog.waitFor({ state: 'detached' });
  await billingSection(page, 'Payment cards')
    .getByRole('listitem')
    .filter({ hasText: `•••• ${number.slice(-4)}` })
    .getByText('Default', { exact: true })
    .waitFor();
}
