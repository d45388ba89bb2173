import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, type TestTokens } from '../../test/sign-in';
import { devices } from '../devices/devices.schema';
import { runInvoices } from './invoice-run.service';
import {
  givenBillingCustomer,
  givenCustomerPrice,
  givenProduct,
  givenWatch,
  invoiceStaffTenant,
  lastInvoiceNumber,
  TEST_MONTH,
} from './invoices-test-support';

let t: TestApp;
let send: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await buildTestApp();
  send = apiCaller(t);
});
afterAll(async () => {
  await t.close();
});

const runMonth = async (staff: TestTokens, month = TEST_MONTH) => {
  const response = await send(staff, 'POST', '/api/invoices/runs', { month });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const invoicesOf = async (staff: TestTokens, query = '') =>
  (await send(staff, 'GET', `/api/invoices?maxResultCount=100${query}`)).json().items;

describe('the monthly invoice run', () => {
  it('prices two watches and a subscription at the customer’s prices less 12.5 %, with 25 % VAT', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const customer = await givenBillingCustomer(db, tenantId, { discountBasisPoints: 1250 });
    const family = await givenProduct(db, tenantId, 'deviceFamily', 29_900);
    const subscription = await givenProduct(db, tenantId, 'subscription', 9_900);
    await givenCustomerPrice(db, tenantId, customer.id, subscription.id, 7_900);
    await givenWatch(db, tenantId, customer.organizationId, family.id, { name: 'Anna’s watch' });
    await givenWatch(db, tenantId, customer.organizationId, family.id, { name: 'Bent’s watch' });

    const result = await runMonth(staff);
    expect(result).toMatchObject({ month: TEST_MONTH, created: 1, alreadyInvoiced: 0, skippedLines: 0 });

    // By hand, in øre. The watch's list price 299.00 less 12.5 %: 29,900 × 0.875 = 26,162.5 → 26,163
    // (half up). The subscription's own price 79.00 less 12.5 %: 7,900 × 0.875 = 6,912.5 → 6,913.
    // Subtotal 26,163 + 26,163 + 6,913 = 59,239. VAT 25 % of the subtotal: 14,809.75 → 14,810.
    // Total 59,239 + 14,810 = 74,049 (740.49 DKK).
    const invoice = (await send(staff, 'GET', `/api/invoices/${result.invoiceIds[0]}`)).json();
    expect(invoice).toMatchObject({
      number: 1,
      customerId: customer.id,
      payerName: customer.name,
      month: TEST_MONTH,
      status: 1,
      currency: 'DKK',
      vatRateBasisPoints: 2500,
      subtotalMinor: 59_239,
      vatMinor: 14_810,
      totalMinor: 74_049,
    });
    expect(
      invoice.lines.map((line: Record<string, unknown>) => [line.kind, line.deviceName, line.amountMinor]),
    ).toEqual([
      ['device', 'Anna’s watch', 26_163],
      ['device', 'Bent’s watch', 26_163],
      ['subscription', null, 6_913],
    ]);
    const issued = new Date(`${invoice.issuedDate}T00:00:00Z`);
    expect(new Date(`${invoice.dueDate}T00:00:00Z`).getTime() - issued.getTime()).toBe(30 * 86_400_000);

    // The Excel download, read back, has the invoice's totals.
    const download = await send(staff, 'GET', `/api/invoices/export?customerId=${customer.id}`);
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Tenant',
      'Invoice no.',
      'Payer',
      'Month',
      'Issued',
      'Due',
      'Status',
      'Currency',
      'Subtotal excl. VAT',
      'VAT',
      'Total',
    ]);
    const minor = (value: unknown) => Math.round(Number(value) * 100);
    const row = sheet.getRow(2).values as unknown[];
    expect([row[2], row[7], minor(row[9]), minor(row[10]), minor(row[11])]).toEqual([
      1,
      'Draft',
      59_239,
      14_810,
      74_049,
    ]);
    const totalRow = sheet.getRow(3).values as unknown[];
    expect([totalRow[1], minor(totalRow[11])]).toEqual(['Total', 74_049]);
    const lineSheet = workbook.worksheets[1]!;
    const lineAmounts = [2, 3, 4].map((index) => minor((lineSheet.getRow(index).values as unknown[])[7]));
    expect(lineAmounts.reduce((sum, amount) => sum + amount, 0)).toBe(invoice.subtotalMinor);
  });

  it('makes nothing twice when the same month runs again', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const family = await givenProduct(db, tenantId, 'deviceFamily', 10_000);
    for (const name of ['A', 'B']) {
      const customer = await givenBillingCustomer(db, tenantId);
      await givenWatch(db, tenantId, customer.organizationId, family.id, { name });
    }
    await givenBillingCustomer(db, tenantId); // nothing to bill
    expect(await runMonth(staff)).toMatchObject({ created: 2, alreadyInvoiced: 0, nothingToInvoice: 1 });
    expect(await runMonth(staff)).toMatchObject({
      created: 0,
      alreadyInvoiced: 2,
      nothingToInvoice: 1,
      invoiceIds: [],
    });
    const items = await invoicesOf(staff);
    expect(items.map((item: { number: number }) => item.number).sort()).toEqual([1, 2]);
  });

  it('numbers without gaps: a rolled-back run gives its numbers back', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const family = await givenProduct(db, tenantId, 'deviceFamily', 10_000);
    const customer = await givenBillingCustomer(db, tenantId);
    await givenWatch(db, tenantId, customer.organizationId, family.id);
    await runMonth(staff, '2025-05');
    expect(await lastInvoiceNumber(db, tenantId)).toBe(1);

    // A run that fails after taking its number: the transaction rolls back, the counter with it.
    await expect(
      db.transaction(async (tx) => {
        const made = await runInvoices({ db: tx, tenantId, now: () => new Date() }, TEST_MONTH);
        expect(made.created).toBe(1);
        throw new Error('the e-mail server fell over');
      }),
    ).rejects.toThrow('fell over');
    expect(await lastInvoiceNumber(db, tenantId)).toBe(1);

    await runMonth(staff, TEST_MONTH);
    const numbers = (await invoicesOf(staff)).map((item: { number: number }) => item.number).sort();
    expect(numbers).toEqual([1, 2]);
  });

  it('bills a watch that moved between customers to the one holding it, once a month', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const family = await givenProduct(db, tenantId, 'deviceFamily', 10_000);
    const first = await givenBillingCustomer(db, tenantId);
    const second = await givenBillingCustomer(db, tenantId);
    const watch = await givenWatch(db, tenantId, first.organizationId, family.id, { name: 'Moving watch' });
    await givenWatch(db, tenantId, first.organizationId, family.id, { name: 'Staying watch' });
    // Moved within the month: the second customer holds it at the end and pays the whole month.
    await db.update(devices).set({ organizationId: second.organizationId }).where(eq(devices.id, watch.id));
    await runMonth(staff);
    const lines = async (customerId: string) => {
      const [item] = await invoicesOf(staff, `&customerId=${customerId}`);
      const detail = (await send(staff, 'GET', `/api/invoices/${item.id}`)).json();
      return detail.lines.map((line: { deviceName: string }) => line.deviceName);
    };
    expect(await lines(first.id)).toEqual(['Staying watch']);
    expect(await lines(second.id)).toEqual(['Moving watch']);

    // Moved again after the run to a customer not yet invoiced: not billed a second time that month.
    const third = await givenBillingCustomer(db, tenantId);
    await db.update(devices).set({ organizationId: third.organizationId }).where(eq(devices.id, watch.id));
    expect(await runMonth(staff)).toMatchObject({ created: 0, alreadyInvoiced: 2 });
  });

  it('bills only watches active in the month', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const family = await givenProduct(db, tenantId, 'deviceFamily', 10_000);
    const customer = await givenBillingCustomer(db, tenantId);
    const org = customer.organizationId;
    await givenWatch(db, tenantId, org, family.id, { name: 'active' });
    await givenWatch(db, tenantId, org, family.id, {
      name: 'stopped in month',
      stoppedAt: new Date('2025-06-20T00:00:00Z'),
    });
    await givenWatch(db, tenantId, org, family.id, {
      name: 'stopped before',
      stoppedAt: new Date('2025-05-31T23:00:00Z'),
    });
    await givenWatch(db, tenantId, org, family.id, {
      name: 'registered after',
      createdAt: new Date('2025-07-01T00:00:00Z'),
    });
    // A price in another currency cannot be billed without an exchange rate: left out and counted.
    const euroFamily = await givenProduct(db, tenantId, 'deviceFamily', 5_000, 'EUR');
    await givenWatch(db, tenantId, org, euroFamily.id, { name: 'euro' });
    const result = await runMonth(staff);
    expect(result).toMatchObject({ created: 1, skippedLines: 1 });
    const detail = (await send(staff, 'GET', `/api/invoices/${result.invoiceIds[0]}`)).json();
    expect(detail.lines.map((line: { deviceName: string }) => line.deviceName)).toEqual([
      'active',
      'stopped in month',
    ]);
  });

  it('invoices EU and non-EU customers without VAT, in their currency', async () => {
    const { tenantId, staff } = await invoiceStaffTenant(t);
    const db = t.database.db;
    const family = await givenProduct(db, tenantId, 'deviceFamily', 12_345, 'EUR');
    const customer = await givenBillingCustomer(db, tenantId, { taxZone: 'eu', currency: 'EUR' });
    await givenWatch(db, tenantId, customer.organizationId, family.id);
    const result = await runMonth(staff);
    const detail = (await send(staff, 'GET', `/api/invoices/${result.invoiceIds[0]}`)).json();
    expect(detail).toMatchObject({ currency: 'EUR', vatRateBasisPoints: 0, vatMinor: 0, totalMinor: 12_345 });
  });

  it('refuses a malformed or future month, and callers without the permission', async () => {
    const { staff, viewer } = await invoiceStaffTenant(t);
    for (const month of ['2025-13', '2025-6', 'x'.repeat(10_000), '2025-06\u0000']) {
      const response = await send(staff, 'POST', '/api/invoices/runs', { month });
      expect(response.statusCode, month.slice(0, 20)).toBe(400);
    }
    const future = await send(staff, 'POST', '/api/invoices/runs', { month: '2999-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.validationErrors).toEqual([
      { field: 'month', message: 'invoices:refused.monthInFuture' },
    ]);
    expect((await send(viewer, 'POST', '/api/invoices/runs', { month: TEST_MONTH })).statusCode).toBe(403);
  });
});
