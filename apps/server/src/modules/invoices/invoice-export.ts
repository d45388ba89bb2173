import ExcelJS from 'exceljs';
import { EXPORT_MAX_ROWS, invoiceStatusName, type Language } from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { serverTexts } from '../../platform/i18n/server-texts';
import { findCustomer } from '../customers';
import { requireInvoiceReadScope, type InvoiceContext } from './invoice-tenant';
import * as repository from './invoices.repository';

/** Money in an Excel cell: major units with two decimals, so sums in Excel come out right. */
const MONEY_FORMAT = '#,##0.00';
const major = (minor: number) => minor / 100;

/**
 * The Excel download (spec §7): one customer's invoices, or without a customer every invoice in the
 * caller's scope (the host's All tenants view: every tenant's). Sheet one lists the invoices with a
 * Tenant column and a total row per currency; sheet two their lines. Headers in the caller's language.
 */
export async function exportInvoices(
  ctx: InvoiceContext,
  customerId: string | undefined,
  language: Language,
): Promise<{ body: Buffer; fileName: string }> {
  const scope = await requireInvoiceReadScope(ctx);
  let customerName = 'all';
  if (customerId) {
    const customer = await findCustomer(ctx.db, scope, customerId);
    if (!customer) throw new DomainError('not_found');
    customerName = customer.name;
  }
  const invoices = await repository.findAllInvoices(ctx.db, scope, { customerId }, EXPORT_MAX_ROWS);
  const lines = await repository.findInvoiceLines(
    ctx.db,
    scope,
    invoices.map((invoice) => invoice.id),
  );
  await serverTexts.load([language], ['invoices']);
  const t = (key: string) => serverTexts.translate(language, `invoices:${key}`);

  const workbook = new ExcelJS.Workbook();
  workbook.created = ctx.now();
  const sheet = workbook.addWorksheet(t('export.invoicesSheet').slice(0, 31));
  sheet.columns = [
    { header: t('export.tenant'), width: 24 },
    { header: t('number'), width: 10 },
    { header: t('payer'), width: 28 },
    { header: t('month'), width: 10 },
    { header: t('issuedDate'), width: 12 },
    { header: t('dueDate'), width: 12 },
    { header: t('status'), width: 12 },
    { header: t('currency'), width: 10 },
    { header: t('subtotal'), width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: t('vat'), width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: t('total'), width: 14, style: { numFmt: MONEY_FORMAT } },
  ];
  sheet.getRow(1).font = { bold: true };
  const totals = new Map<string, [number, number, number]>();
  for (const invoice of invoices) {
    const [subtotal, vat, total] = [invoice.subtotalMinor, invoice.vatMinor, invoice.totalMinor].map(
      Number,
    ) as [number, number, number];
    sheet.addRow([
      invoice.tenantName ?? '',
      invoice.number,
      invoice.payerName,
      invoice.month,
      invoice.issuedDate,
      invoice.dueDate,
      t(`statuses.${invoiceStatusName(invoice.status)}`),
      invoice.currency,
      major(subtotal),
      major(vat),
      major(total),
    ]);
    const sum = totals.get(invoice.currency) ?? [0, 0, 0];
    totals.set(invoice.currency, [sum[0] + subtotal, sum[1] + vat, sum[2] + total]);
  }
  // Summed in minor units, so the total row is exact whatever the floating point of the cells.
  for (const [currency, [subtotal, vat, total]] of totals) {
    const row = sheet.addRow([
      t('export.totalRow'),
      '',
      '',
      '',
      '',
      '',
      '',
      currency,
      major(subtotal),
      major(vat),
      major(total),
    ]);
    row.font = { bold: true };
  }

  const numberOf = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  const lineSheet = workbook.addWorksheet(t('export.linesSheet').slice(0, 31));
  lineSheet.columns = [
    { header: t('export.tenant'), width: 24 },
    { header: t('number'), width: 10 },
    { header: t('description'), width: 32 },
    { header: t('deviceName'), width: 24 },
    { header: t('quantity'), width: 10 },
    { header: t('unitPrice'), width: 14, style: { numFmt: MONEY_FORMAT } },
    { header: t('amount'), width: 14, style: { numFmt: MONEY_FORMAT } },
  ];
  lineSheet.getRow(1).font = { bold: true };
  for (const line of lines) {
    const invoice = numberOf.get(line.invoiceId)!;
    lineSheet.addRow([
      invoice.tenantName ?? '',
      invoice.number,
      line.description,
      line.deviceName ?? '',
      line.quantity,
      major(line.unitPriceMinor),
      major(Number(line.amountMinor)),
    ]);
  }

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  const slug =
    customerName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'customer';
  return { body, fileName: `invoices-${slug}-${ctx.now().toISOString().slice(0, 10)}.xlsx` };
}
