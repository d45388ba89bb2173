import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Invoice, InvoiceListResponse } from '@homeward/contracts';
import { expectAccessible } from '../support/accessibility';
import { passwordGrant } from '../support/accounts';
import { apiGet } from '../support/api';
import { ARTIFACTS_DIR, journeyPage, saveScreenshot } from '../support/browser';
import {
  moneyPattern,
  readInvoiceWorkbook,
  setUpInvoicedCustomer,
  SUBSCRIPTION_PRODUCT,
  waitForLoggedEmail,
  WATCH_PRODUCT,
  type InvoicedCustomer,
} from '../support/invoices';
import { DEMO_PASSWORD, signInOnProviderPage } from '../support/sign-in';

const baseUrl = inject('baseUrl');
const serverLogFile = inject('serverLogFile');
const suffix = randomBytes(3).toString('hex');

/**
 * The month the journey invoices: the current one (UTC, as the server counts months). A watch is
 * billed for a month it was registered before the end of, so the watches registered just now are
 * billed for this month; the previous one (the dialog's default) ended before they existed.
 */
const MONTH = new Date().toISOString().slice(0, 7);

/**
 * The invoice worked out by hand: each watch at the customer's price of 1,200.00 less 12.5 %
 * = 1,050.00, the subscription at 80.00 less 12.5 % = 70.00; 25 % Danish VAT on the sum.
 */
const EXPECTED = {
  watchMinor: 105_000,
  subscriptionMinor: 7_000,
  subtotalMinor: 2 * 105_000 + 7_000,
  vatMinor: 54_250,
  totalMinor: 271_250,
};

/** A toast: the notification at the top right, read by its text (a dialog hides its alert role). */
const toast = (page: Page, text: string | RegExp) => page.getByText(text);

/** A full-page screenshot from the top, so the fixed app bar is not drawn mid-page. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

describe('invoices: kommune.admin runs a month, opens, sends and settles a customer invoice, and downloads the Excel file', () => {
  const currentPage = journeyPage(baseUrl, { beforeAll, afterAll });
  let customer: InvoicedCustomer;
  let invoice: Invoice;

  /** The invoice detail dialog, named by its title. */
  const detail = () => currentPage().getByRole('dialog', { name: `Invoice ${invoice.number}` });
  const grid = () => currentPage().getByTestId('invoice-grid');

  beforeAll(async () => {
    // The journey's own customer, organization, prices and two watches, made through the API.
    const staff = await passwordGrant(baseUrl, 'branded', 'kommune.admin', DEMO_PASSWORD);
    customer = await setUpInvoicedCustomer(baseUrl, staff, suffix);
  });

  it(`1. runs the invoices for ${MONTH} in the "Run invoices" dialog`, async () => {
    const page = currentPage();
    await page.goto('/invoices');
    await signInOnProviderPage(page, 'kommune.admin', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/invoices`);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await grid().waitFor();
    await expectAccessible(page, 'the invoices list');

    await page.getByRole('button', { name: 'Run invoices' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run invoices for a month' });
    const month = dialog.getByRole('textbox', { name: 'Month' });
    await month.waitFor();
    await expectAccessible(page, 'the run-invoices dialog', '[role="dialog"]');
    await month.fill(MONTH);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // Other customers of Demo Kommune are invoiced by the same run (or were by an earlier one):
    // the count is theirs too, only the month is the journey's.
    await toast(
      page,
      new RegExp(`^[1-9]\\d* invoices made; \\d+ customers were already invoiced for ${MONTH}\\.$`),
    ).waitFor();

    const { items } = await apiGet<InvoiceListResponse>(
      page,
      baseUrl,
      `/api/invoices?customerId=${customer.id}&fromMonth=${MONTH}&toMonth=${MONTH}`,
    );
    expect(items).toHaveLength(1);
    invoice = await apiGet<Invoice>(page, baseUrl, `/api/invoices/${items[0]!.id}`);
    expect(invoice).toMatchObject({ payerName: customer.name, month: MONTH, status: 1, currency: 'DKK' });

    // Only the journey's customer in the list: the customer filter.
    await page.getByRole('combobox', { name: /^Customer/ }).click();
    // Listed with its tenant's name after it: "Invoice journey … (Demo Kommune)".
    await page.getByRole('option', { name: customer.name }).click();
    const row = grid().getByRole('row').filter({ hasText: customer.name });
    await row.getByRole('button', { name: `Open invoice ${invoice.number}` }).waitFor();
    // The other customers' invoices leave once the filtered page has loaded.
    await expect
      .poll(
        () =>
          grid()
            .getByRole('button', { name: /^Open invoice / })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await row.getByText('Draft', { exact: true }).waitFor();
    await row.getByText(moneyPattern(EXPECTED.totalMinor)).waitFor();
    await expectAccessible(page, "the invoices list filtered to the journey's customer");
    await screenshot(page, 'invoices-1-run');
  });

  it('2. opens the invoice: two watch lines and the subscription, VAT and total as computed by hand', async () => {
    const page = currentPage();
    // The server's invoice agrees with the hand computation.
    const lines = invoice.lines ?? [];
    expect(lines.map((line) => [line.kind, line.deviceName, line.amountMinor])).toEqual([
      ['device', customer.watchNames[0], EXPECTED.watchMinor],
      ['device', customer.watchNames[1], EXPECTED.watchMinor],
      ['subscription', null, EXPECTED.subscriptionMinor],
    ]);
    expect(invoice).toMatchObject({
      subtotalMinor: EXPECTED.subtotalMinor,
      vatRateBasisPoints: 2500,
      vatMinor: EXPECTED.vatMinor,
      totalMinor: EXPECTED.totalMinor,
      invoiceEmail: customer.invoiceEmail,
    });

    await grid()
      .getByRole('button', { name: `Open invoice ${invoice.number}` })
      .click();
    const dialog = detail();
    const table = dialog.getByRole('table', { name: 'Invoice lines' });
    await table.waitFor();
    // The screen shows what the API says, line by line.
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(1 + lines.length);
    for (const watchName of customer.watchNames) {
      const row = rows.filter({ has: page.getByRole('cell', { name: watchName, exact: true }) });
      await row.getByRole('cell', { name: `Watch: ${WATCH_PRODUCT}`, exact: true }).waitFor();
      expect(await row.getByRole('cell').nth(4).textContent()).toMatch(moneyPattern(EXPECTED.watchMinor));
    }
    const subscription = rows.filter({
      has: page.getByRole('cell', { name: `Subscription: ${SUBSCRIPTION_PRODUCT}`, exact: true }),
    });
    expect(await subscription.getByRole('cell').nth(4).textContent()).toMatch(
      moneyPattern(EXPECTED.subscriptionMinor),
    );
    const totals = dialog.getByRole('group', { name: 'Total' });
    await totals
      .getByText(/^Subtotal excl\. VAT: /)
      .filter({ hasText: moneyPattern(invoice.subtotalMinor) })
      .waitFor();
    await totals
      .getByText(/^VAT 25 %: /)
      .filter({ hasText: moneyPattern(invoice.vatMinor) })
      .waitFor();
    await totals
      .getByText(/^Total: /)
      .filter({ hasText: moneyPattern(invoice.totalMinor) })
      .waitFor();
    await dialog.getByText(`Payer: ${customer.name}`).waitFor();
    await dialog.getByText('Draft', { exact: true }).waitFor();
    await expectAccessible(page, 'the invoice detail dialog', '[role="dialog"]');
    await screenshot(page, 'invoices-2-open');
  });

  it("3. sends it: Sent, and the e-mail with its PDF is in the outbox to the customer's invoice address", async () => {
    const page = currentPage();
    const dialog = detail();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await toast(page, `Invoice ${invoice.number} sent to ${customer.invoiceEmail}.`).waitFor();
    await dialog.getByText('Sent', { exact: true }).waitFor();
    await dialog.getByText(`Sent to ${customer.invoiceEmail}`).waitFor();
    // A sent invoice cannot be sent again; it can be marked paid.
    expect(await dialog.getByRole('button', { name: 'Send', exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Mark paid' }).waitFor();
    await expectAccessible(page, 'the sent invoice', '[role="dialog"]');
    await screenshot(page, 'invoices-3-sent');

    const email = await waitForLoggedEmail(
      serverLogFile,
      customer.invoiceEmail,
      new RegExp(`^Invoice ${invoice.number} from `),
    );
    expect(email.body).toContain(`invoice ${invoice.number} for ${MONTH}`);
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments![0]).toMatchObject({ contentType: 'application/pdf' });
    expect(email.attachments![0]!.fileName).toMatch(/\.pdf$/);
    expect(email.attachments![0]!.size).toBeGreaterThan(1000);
    const sent = await apiGet<Invoice>(page, baseUrl, `/api/invoices/${invoice.id}`);
    expect(sent).toMatchObject({ status: 2, invoiceEmail: customer.invoiceEmail });
  });

  it('4. marks it paid: Paid', async () => {
    const page = currentPage();
    const dialog = detail();
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await toast(page, `Invoice ${invoice.number} marked as paid.`).waitFor();
    await dialog.getByText('Paid', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
    await expectAccessible(page, 'the paid invoice', '[role="dialog"]');
    await screenshot(page, 'invoices-4-paid');
    const paid = await apiGet<Invoice>(page, baseUrl, `/api/invoices/${invoice.id}`);
    expect(paid.status).toBe(3);
    expect(paid.paidAt).not.toBeNull();

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await grid()
      .getByRole('row')
      .filter({ hasText: customer.name })
      .getByText('Paid', { exact: true })
      .waitFor();
  });

  it("5. downloads the customer's Excel file; read back, its totals are the invoice's", async () => {
    const page = currentPage();
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Excel' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/^invoices-invoice-journey-.*\.xlsx$/);
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    const file = path.join(ARTIFACTS_DIR, 'invoices-5-customer.xlsx');
    await download.saveAs(file);
    await expectAccessible(page, 'the invoices list after the Excel download');
    await screenshot(page, 'invoices-5-excel');

    const workbook = await readInvoiceWorkbook(file);
    // One customer's file: its one invoice, Paid, and the total row of its currency.
    expect(workbook.invoices).toEqual([
      {
        number: invoice.number,
        payer: customer.name,
        status: 'Paid',
        currency: 'DKK',
        total: invoice.totalMinor / 100,
      },
    ]);
    expect(workbook.totals).toEqual([
      {
        currency: 'DKK',
        subtotal: invoice.subtotalMinor / 100,
        vat: invoice.vatMinor / 100,
        total: invoice.totalMinor / 100,
      },
    ]);
    // The lines add up to the invoice's subtotal.
    expect(workbook.lines.map((line) => line.number)).toEqual([
      invoice.number,
      invoice.number,
      invoice.number,
    ]);
    const linesSum = workbook.lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0);
    expect(linesSum).toBe(invoice.subtotalMinor);
    expect(workbook.lines.map((line) => line.deviceName)).toEqual([...customer.watchNames, '']);
  });
});
