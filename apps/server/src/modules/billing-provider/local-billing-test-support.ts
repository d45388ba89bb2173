import type { Database } from '../../platform/db/database';
import { BillingTestClock, type BillingClock } from './billing-clock';
import type { ContractHarness } from './billing-provider.contract';
import { LocalBillingProvider } from './local-billing-provider';
import { signWebhookPayload } from './webhook-signature';

/** The seller the local provider's test invoices name. */
export const TEST_SELLER = {
  name: 'Homeward ApS',
  address: 'Eksempelvej 1, 8000 Aarhus C, Denmark',
  vatNumber: '12345678',
};

/** A local provider over `db` with its own test clock (started now unless told). */
export function localProviderForTest(db: Database, start?: Date) {
  const clock = new BillingTestClock(start);
  return { provider: new LocalBillingProvider({ db, clock, seller: TEST_SELLER }), clock };
}

/** Card details the way the local card form sends them: valid, expiring three years after `now`. */
export function cardFields(
  number: string,
  clock: BillingClock,
  overrides: Partial<Record<string, string>> = {},
) {
  return {
    number,
    expMonth: '12',
    expYear: String(clock.now().getUTCFullYear() + 3),
    cvc: number.startsWith('34') || number.startsWith('37') ? '1234' : '123',
    postalCode: '8000',
    ...overrides,
  };
}

/** Saves a test card as the browser does: card setup, the card form's confirmation, then addCard. */
export async function saveLocalTestCard(
  provider: LocalBillingProvider,
  clock: BillingClock,
  customerId: string,
  number: string,
  options: { makeDefault?: boolean; fields?: Partial<Record<string, string>> } = {},
): Promise<string> {
  const setup = await provider.createCardSetup(customerId);
  const paymentMethodId = await provider.confirmCardSetup(
    setup.clientSecret,
    cardFields(number, clock, options.fields),
  );
  await provider.addCard(customerId, paymentMethodId, { makeDefault: options.makeDefault });
  return paymentMethodId;
}

/** The contract's harness for the local provider over `db`. */
export function localContractHarness(db: Database, close: () => Promise<void>): ContractHarness {
  const { provider, clock } = localProviderForTest(db);
  return {
    provider,
    saveTestCard: (customerId, number, options) =>
      saveLocalTestCard(provider, clock, customerId, number, options),
    signWebhook: async (body, timestamp) =>
      signWebhookPayload(body, await provider.webhookSecret(), timestamp ?? Math.floor(Date.now() / 1000)),
    close,
  };
}
