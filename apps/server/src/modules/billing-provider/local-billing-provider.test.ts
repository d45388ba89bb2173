import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { addMonths } from './billing-clock';
import { CHARGES_FAIL, describeBillingProviderContract, VISA } from './billing-provider.contract';
import { CARD_NOT_SUPPORTED_TEST_NUMBER } from './card-rules';
import {
  cardFields,
  localContractHarness,
  localProviderForTest,
  saveLocalTestCard,
} from './local-billing-test-support';

/*
 * The local provider: the shared contract, then what only it does — the card API's checks on raw
 * numbers, the test cards the processor has no server-side token for, and its store. Time-driven
 * billing (the clock) is in local-billing-charges.test.ts.
 */

describeBillingProviderContract('local provider', async () => {
  const database = await createTestDatabase();
  return localContractHarness(database.db, () => database.drop());
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => 'saved',
    (error: { code: string; declineCode?: string; param?: string }) => ({
      code: error.code,
      declineCode: error.declineCode,
      param: error.param,
    }),
  );
}

describe('local provider: the card API and the test cards', () => {
  const cases: [string, string, Record<string, string>, Record<string, unknown>][] = [
    [
      'a number failing the check digit',
      '4242424242424241',
      {},
      { code: 'incorrect_number', param: 'number' },
    ],
    ['a number of the wrong length', '42424242', {}, { code: 'invalid_number', param: 'number' }],
    ['a past expiry year', VISA, { expYear: '2020' }, { code: 'invalid_expiry_year', param: 'exp_year' }],
    ['month 13', VISA, { expMonth: '13' }, { code: 'invalid_expiry_month', param: 'exp_month' }],
    ['a two-digit CVC', VISA, { cvc: '12' }, { code: 'invalid_cvc', param: 'cvc' }],
    [
      'the incorrect-zip card',
      '4000000000000036',
      {},
      { code: 'incorrect_zip', declineCode: 'incorrect_zip' },
    ],
    [
      'the transaction-not-allowed card',
      '4000000000001075',
      {},
      { code: 'card_declined', declineCode: 'transaction_not_allowed' },
    ],
    [
      'a brand not accepted (JCB)',
      CARD_NOT_SUPPORTED_TEST_NUMBER,
      {},
      { code: 'card_declined', declineCode: 'card_not_supported' },
    ],
  ];
  it.each(cases)('refuses %s', async (_name, number, fields, expected) => {
    const { provider, clock } = localProviderForTest(database.db);
    const customer = await provider.createCustomer({ name: 'Test' });
    const saved = saveLocalTestCard(provider, clock, customer.id, number, { fields });
    expect(await failureOf(saved)).toMatchObject(expected);
    expect(await provider.listCards(customer.id)).toEqual([]);
  });

  it('confirms a card setup once; an unknown or used client secret is resource_missing', async () => {
    const { provider, clock } = localProviderForTest(database.db);
    const customer = await provider.createCustomer({ name: 'Test' });
    const setup = await provider.createCardSetup(customer.id);
    await provider.confirmCardSetup(setup.clientSecret, cardFields(VISA, clock));
    expect(
      await failureOf(provider.confirmCardSetup(setup.clientSecret, cardFields(VISA, clock))),
    ).toMatchObject({
      code: 'resource_missing',
    });
    expect(
      await failureOf(provider.confirmCardSetup('seti_x_secret_y', cardFields(VISA, clock))),
    ).toMatchObject({
      code: 'resource_missing',
    });
    expect(await provider.listCards(customer.id)).toHaveLength(1);
  });

  it('keeps only brand, last four and expiry of a card, and the request role cannot read the store', async () => {
    const { provider, clock } = localProviderForTest(database.db);
    const customer = await provider.createCustomer({ name: 'Test' });
    await saveLocalTestCard(provider, clock, customer.id, '5555555555554444');
    const [stored] = await selectRows<{ row: string }>(
      database.db,
      sql`select to_jsonb(m)::text as row from billing_local_payment_methods m where customer_id = ${customer.id}`,
    );
    expect(stored!.row).toContain('"last4": "4444"');
    expect(stored!.row).not.toContain('555555555555');
    expect(stored!.row).not.toContain('"123"');

    for (const table of [
      'billing_local_customers',
      'billing_local_payment_methods',
      'billing_webhook_events',
    ]) {
      const read = database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.tenant_scope', 'host', true)`);
        await tx.execute(sql.raw('set local role homeward_app'));
        return selectRows(tx, sql`select * from ${sql.identifier(table)} limit 1`);
      });
      const refusal = await read.then(
        () => 'read',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
      expect(refusal, table).toMatch(/permission denied/);
    }
  });

  it('declines a saved card on every charge when its test number says so, and never on saving', async () => {
    const { provider, clock } = localProviderForTest(database.db);
    const customer = await provider.createCustomer({ name: 'Test' });
    const failing = await saveLocalTestCard(provider, clock, customer.id, CHARGES_FAIL, {
      makeDefault: true,
    });
    expect((await provider.listCards(customer.id))[0]).toMatchObject({
      id: failing,
      last4: '0341',
      isDefault: true,
    });
  });

  it('gives periods from the anchor: 31 January bills on the last day of February, then 31 March', () => {
    const anchor = new Date('2027-01-31T09:30:00Z');
    expect(addMonths(anchor, 1).toISOString()).toBe('2027-02-28T09:30:00.000Z');
    expect(addMonths(anchor, 2).toISOString()).toBe('2027-03-31T09:30:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(anchor, 12).toISOString()).toBe('2028-01-31T09:30:00.000Z');
  });
});
