import { randomBytes } from 'node:crypto';
import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import {
  givenBillingCustomer,
  givenProduct,
  givenWatch,
  INVOICE_STAFF_PERMISSIONS,
  TEST_MONTH,
} from './invoices-test-support';
import { invoiceLines, invoiceNumberCounters, invoices } from './invoices.schema';

const TABLES = ['invoices', 'invoice_lines', 'invoice_number_counters'];

/**
 * Enterprise invoices between two organizations: tenant A invoices its customer's watch, so an
 * invoice, its line and A's counter exist. B can neither list, find (by payer), export, read nor
 * change A's invoice. Invoices are never deleted.
 */
export const invoicesIsolationCase: IsolationCase = {
  name: 'invoices',
  tables: TABLES,
  permissions: INVOICE_STAFF_PERMISSIONS,
  async seed({ t, a }) {
    const db = t.database.db;
    const customer = await givenBillingCustomer(db, a.tenantId);
    const family = await givenProduct(db, a.tenantId, 'deviceFamily', 10_000);
    await givenWatch(db, a.tenantId, customer.organizationId, family.id);
    const run = await a.request({
      method: 'POST',
      url: '/api/invoices/runs',
      payload: { month: TEST_MONTH },
    });
    if (run.statusCode !== 200) throw new Error(`seed refused: ${run.statusCode} ${run.body}`);
    // Other cases' customers of A are invoiced by the same run: the row is this customer's invoice.
    const mine = await a.request({ method: 'GET', url: `/api/invoices?customerId=${customer.id}` });
    const [invoice] = (mine.json() as { items: { id: string }[] }).items;
    if (!invoice) throw new Error(`seed: no invoice for the customer: ${mine.body}`);
    return { id: invoice.id, searchText: customer.name };
  },
  list: '/api/invoices?maxResultCount=1000',
  read: (id) => `/api/invoices/${id}`,
  update: (row) => ({ method: 'PUT', url: `/api/invoices/${row.id}`, payload: { dueDate: '2030-12-31' } }),
  search: (text) => `/api/invoices?filter=${encodeURIComponent(text)}`,
  export: () => '/api/invoices/export',
};

/**
 * Households: the API refuses them enterprise invoices (they have no customers), so these rows are
 * written straight to the database, and the suite's SQL check proves row-level security keeps one
 * household's invoice tables from another all the same. No endpoint to attack.
 */
export const householdInvoiceTablesIsolationCase: IsolationCase = {
  name: 'invoice tables of households',
  tables: TABLES,
  permissions: [],
  async seed({ t, a }) {
    const db = t.database.db;
    const payerName = `Payer ${randomBytes(4).toString('hex')}`;
    await db.insert(invoiceNumberCounters).values({ tenantId: a.tenantId, lastNumber: 1 });
    const [invoice] = await db
      .insert(invoices)
      .values({
        tenantId: a.tenantId,
        number: 1,
        payerName,
        month: TEST_MONTH,
        issuedDate: '2025-07-01',
        dueDate: '2025-07-31',
        currency: 'DKK',
        taxZone: 'domestic',
        vatRateBasisPoints: 2500,
        subtotalMinor: 100,
        vatMinor: 25,
        totalMinor: 125,
      })
      .returning({ id: invoices.id });
    await db.insert(invoiceLines).values({
      tenantId: a.tenantId,
      invoiceId: invoice!.id,
      position: 0,
      kind: 'service',
      description: 'Service',
      month: TEST_MONTH,
      quantity: 1,
      unitPriceMinor: 100,
      amountMinor: 100,
    });
    return { id: invoice!.id, searchText: payerName };
  },
};
