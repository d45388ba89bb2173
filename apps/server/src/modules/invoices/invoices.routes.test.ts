import ExcelJS from 'exceljs';
import { ALL_TENANTS_ID, TENANT_FILTER_HEADER } from '@homeward/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/outbox/outbox.schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { apiCaller, bearer, signIn, type TestTokens } from '../../test/sign-in';
import { tenants } from '../tenants/tenants.schema';
import {
  givenBillingCustomer,
  givenProduct,
  givenWatch,
  INVOICE_STAFF_PERMISSIONS,
  invoiceStaffTenant,
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

/** A tenant whose one customer (invoice e-mail set) has one watch invoiced as a draft for the test month. */
async function givenDraft(invoiceEmail = 'faktura@kommune.dk') {
  const callers = await invoiceStaffTenant(t);
  const db = t.database.db;
  const customer = await givenBillingCustomer(db, callers.tenantId, { invoiceEmail });
  const family = await givenProduct(db, callers.tenantId, 'deviceFamily', 20_000);
  await givenWatch(db, callers.tenantId, customer.organizationId, family.id, { name: 'Ole’s watch' });
  const run = await send(callers.staff, 'POST', '/api/invoices/runs', { month: TEST_MONTH });
  return { ...callers, customer, id: run.json().invoiceIds[0] as string };
}

const post = (tokens: TestTokens, url: string) => send(tokens, 'POST', url);

describe('sending, payment and credit notes', () => {
  it('sends the PDF to the customer’s invoice e-mail through the outbox, then the invoice is Sent', async () => {
    const { staff, tenantId, id } = await givenDraft();
    const response = await post(staff, `/api/invoices/${id}/send`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 2, invoiceEmail: 'faktura@kommune.dk' });
    expect(response.json().sentAt).toBeTruthy();

    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.tenantId, tenantId));
    expect(mail).toMatchObject({ channel: 'email', recipient: 'faktura@kommune.dk', status: 'pending' });
    expect(mail!.subject).toMatch(/^Invoice 1 from /);
    expect(mail!.body).toContain('Total: DKK\u00a0250.00');
    expect(mail!.attachments).toHaveLength(1);
    const attachment = mail!.attachments![0]!;
    expect(attachment).toMatchObject({ fileName: 'invoice-1.pdf', contentType: 'application/pdf' });
    const pdf = Buffer.from(attachment.contentBase64, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const download = await send(staff, 'GET', `/api/invoices/${id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps a sent invoice unchanged (409) and corrects it with a credit note', async () => {
    const { staff, id } = await givenDraft();
    const draftEdit = await send(staff, 'PUT', `/api/invoices/${id}`, { dueDate: '2030-01-31' });
    expect(draftEdit.statusCode, draftEdit.body).toBe(200);
    expect(draftEdit.json().dueDate).toBe('2030-01-31');
    // A draft is not credited, nor paid before it is sent.
    expect((await post(staff, `/api/invoices/${id}/credit-note`)).json().error.message).toBe(
      'invoices:refused.notIssued',
    );
    expect((await post(staff, `/api/invoices/${id}/paid`)).statusCode).toBe(409);

    await post(staff, `/api/invoices/${id}/send`);
    for (const attempt of [
      send(staff, 'PUT', `/api/invoices/${id}`, { dueDate: '2030-02-28' }),
      post(staff, `/api/invoices/${id}/send`),
    ]) {
      const refused = await attempt;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'conflict', message: 'invoices:refused.notDraft' });
    }
    const paid = await post(staff, `/api/invoices/${id}/paid`);
    expect(paid.json()).toMatchObject({ status: 3, dueDate: '2030-01-31' });

    const credit = await post(staff, `/api/invoices/${id}/credit-note`);
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json()).toMatchObject({
      number: 2,
      status: 1,
      creditedInvoiceId: id,
      creditedInvoiceNumber: 1,
      subtotalMinor: -20_000,
      vatMinor: -5_000,
      totalMinor: -25_000,
    });
    expect(credit.json().lines).toEqual([
      expect.objectContaining({ deviceName: 'Ole’s watch', quantity: -1, amountMinor: -20_000 }),
    ]);
    expect((await send(staff, 'GET', `/api/invoices/${id}`)).json().creditNoteId).toBe(credit.json().id);
    expect((await post(staff, `/api/invoices/${id}/credit-note`)).json().error.message).toBe(
      'invoices:refused.alreadyCredited',
    );
    expect((await post(staff, `/api/invoices/${credit.json().id}/credit-note`)).statusCode).toBe(409);
  });

  it('refuses to send without an invoice e-mail, and answers 404 for unknown invoices', async () => {
    const { staff, id } = await givenDraft('');
    const refused = await post(staff, `/api/invoices/${id}/send`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('invoices:refused.noInvoiceEmail');
    const unknown = '0190a000-0000-7000-8000-000000000000';
    expect((await post(staff, `/api/invoices/${unknown}/send`)).statusCode).toBe(404);
    expect((await send(staff, 'GET', `/api/invoices/${unknown}`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by customer, status and months, paged on the server', async () => {
    const { staff, tenantId, id, customer } = await givenDraft();
    const db = t.database.db;
    const other = await givenBillingCustomer(db, tenantId);
    const family = await givenProduct(db, tenantId, 'deviceFamily', 1_000);
    await givenWatch(db, tenantId, other.organizationId, family.id);
    await send(staff, 'POST', '/api/invoices/runs', { month: '2025-05' });
    await post(staff, `/api/invoices/${id}/send`);
    const list = async (query: string) => (await send(staff, 'GET', `/api/invoices?${query}`)).json();

    expect((await list('maxResultCount=1')).items).toHaveLength(1);
    expect((await list('maxResultCount=1')).totalCount).toBe(3);
    // The first customer's watch was active in May too: two invoices, June's first (newest first).
    const ofCustomer = (await list(`customerId=${customer.id}`)).items;
    expect(ofCustomer.map((i: { month: string }) => i.month)).toEqual(['2025-06', '2025-05']);
    expect(ofCustomer[0].id).toBe(id);
    expect((await list('status=2')).items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await list('fromMonth=2025-06&toMonth=2025-06')).totalCount).toBe(1);
    expect((await list('fromMonth=2025-05&toMonth=2025-06')).totalCount).toBe(3);
    expect((await list('toMonth=2025-05')).items.every((i: { month: string }) => i.month === '2025-05')).toBe(
      true,
    );
    expect((await send(staff, 'GET', '/api/invoices?fromMonth=2025-5')).statusCode).toBe(400);
    expect((await send(staff, 'GET', '/api/invoices?sorting=nope')).statusCode).toBe(400);
  });
});

describe('who may invoice', () => {
  it('refuses households, though their owners hold Homeward.Invoices for card invoices', async () => {
    const db = t.database.db;
    const [household] = await db
      .insert(tenants)
      .values({ name: 'The Hansens', kind: 'household' })
      .returning();
    const owner = await signIn(
      t,
      await given(db).user({ tenantId: household!.id, permissions: INVOICE_STAFF_PERMISSIONS }),
    );
    for (const [method, url] of [
      ['GET', '/api/invoices'],
      ['GET', '/api/invoices/export'],
      ['POST', '/api/invoices/runs'],
    ] as const) {
      const response = await send(owner, method, url, method === 'POST' ? { month: TEST_MONTH } : undefined);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.message).toBe('invoices:refused.notAnOrganization');
    }
  });

  it('gives a host under All tenants every tenant’s invoices in the Excel file, read-only', async () => {
    const first = await givenDraft();
    const second = await givenDraft();
    const host = await signIn(
      t,
      await given(t.database.db).user({
        tenantId: null,
        permissions: [...INVOICE_STAFF_PERMISSIONS, 'Homeward.Tenants', 'Homeward.Tenants.Filter'],
      }),
    );
    const all = { ...bearer(host), [TENANT_FILTER_HEADER]: ALL_TENANTS_ID, 'accept-language': 'en' };
    const download = await t.app.inject({ method: 'GET', url: '/api/invoices/export', headers: all });
    expect(download.statusCode, download.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const payers = workbook.worksheets[0]!.getColumn(3).values;
    expect(payers).toEqual(expect.arrayContaining([first.customer.name, second.customer.name]));

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/export?customerId=${first.customer.id}`,
      headers: all,
    });
    const oneBook = new ExcelJS.Workbook();
    await oneBook.xlsx.load(one.rawPayload as unknown as ArrayBuffer);
    expect(oneBook.worksheets[0]!.getColumn(3).values).not.toContain(second.customer.name);

    const run = await t.app.inject({
      method: 'POST',
      url: '/api/invoices/runs',
      headers: all,
      payload: { month: TEST_MONTH },
    });
    expect(run.statusCode).toBe(400);
    // Without the filter the host has no customers of its own to invoice.
    const own = await send(host, 'POST', '/api/invoices/runs', { month: TEST_MONTH });
    expect(own.statusCode).toBe(403);
    // Another tenant's customer is not found by a tenant's staff.
    const foreign = await send(second.staff, 'GET', `/api/invoices/export?customerId=${first.customer.id}`);
    expect(foreign.statusCode).toBe(404);
  });
});
