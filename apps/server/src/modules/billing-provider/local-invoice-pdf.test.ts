import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../platform/db/test-database';
import { PLAN_LOOKUP_KEYS } from './billing-provider';
import { VISA } from './billing-provider.contract';
import { formatAmount } from './local-invoice-pdf';
import { localProviderForTest, saveLocalTestCard, TEST_SELLER } from './local-billing-test-support';

/*
 * The local provider's invoice PDF, read back with poppler's `pdftotext` (as the e2e journey and a
 * person's PDF reader do): seller, buyer's billing details, period, line, VAT and total.
 */

/** The PDF's text, as `pdftotext -layout` gives it (poppler-utils must be installed). */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('invoice PDF', () => {
  it('shows the seller, the buyer’s details, the period, the line, the VAT and the total', async () => {
    const { provider, clock } = localProviderForTest(database.db, new Date('2027-01-31T10:00:00Z'));
    await provider.ensurePrice({
      lookupKey: PLAN_LOOKUP_KEYS.watchMonthly,
      productId: 'homeward_watch',
      productName: 'Homeward watch subscription',
      unitAmount: 9900,
      currency: 'dkk',
      commitmentMonths: 1,
    });
    const customer = await provider.createCustomer({
      name: 'Dorthe Hansen',
      email: 'dorthe@example.com',
      companyName: 'Hansen Pleje ApS',
      vatNumber: 'DK87654321',
      address: {
        line1: 'Søndergade 12',
        city: 'Aalborg',
        postalCode: '9000',
        state: 'Nordjylland',
        country: 'DK',
      },
      additionalInfo: 'PO 4711',
    });
    await saveLocalTestCard(provider, clock, customer.id, VISA, { makeDefault: true });
    await provider.subscribe({ customerId: customer.id, lookupKey: PLAN_LOOKUP_KEYS.watchMonthly });
    const [invoice] = await provider.listInvoices(customer.id);

    const text = await pdfText(await provider.getInvoicePdf(customer.id, invoice!.id));
    for (const expected of [
      `Invoice ${invoice!.number}`,
      'Status: Paid',
      'Period: 2027-01-31 to 2027-02-28',
      TEST_SELLER.name,
      `CVR/VAT: ${TEST_SELLER.vatNumber}`,
      'Hansen Pleje ApS',
      'Dorthe Hansen',
      'Søndergade 12',
      '9000 Aalborg',
      'VAT: DK87654321',
      'PO 4711',
      '1 x Homeward watch subscription, monthly plan',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/Subtotal excl\. VAT\s+79\.20 DKK/);
    expect(text).toMatch(/VAT 25%\s+19\.80 DKK/);
    expect(text).toMatch(/Total incl\. VAT\s+99\.00 DKK/);
  });

  it('writes amounts in major units with the currency', () => {
    expect([formatAmount(9900, 'dkk'), formatAmount(5, 'eur'), formatAmount(-1250, 'dkk')]).toEqual([
      '99.00 DKK',
      '0.05 EUR',
      '-12.50 DKK',
    ]);
  });
});
