import { INVOICE_STATUSES, type Invoice } from '@homeward/contracts';
import type { Config } from '../../platform/config/config';
import { type InvoiceRow as CardInvoiceRow, renderInvoicePdf } from '../billing-provider';
import type { CustomerListRow } from '../customers';
import { monthPeriod } from './invoice-run.service';

/** The seller printed on every invoice: this installation's company (COMPANY_NAME, ...). */
export type InvoiceSellerConfig = Pick<Config, 'companyName' | 'companyAddress' | 'companyCvr'>;

/**
 * The invoice as a PDF, in the same layout as the card-billing invoices (`renderInvoicePdf`): the
 * enterprise invoice is handed to it in that shape. Line amounts are net; the layout's totals block
 * shows subtotal, VAT and total. A credit note's title names the invoice it corrects.
 */
export function renderEnterpriseInvoicePdf(
  invoice: Invoice,
  payer: CustomerListRow | undefined,
  seller: InvoiceSellerConfig,
): Promise<Buffer> {
  const period = monthPeriod(invoice.month);
  // The layout prints the end as a day: the month's last day, not the next month's first.
  const lastDay = new Date(period.end.getTime() - 86_400_000);
  const number = invoice.creditedInvoiceNumber
    ? `${invoice.number} (credit note for ${invoice.creditedInvoiceNumber})`
    : String(invoice.number);
  const shape: CardInvoiceRow = {
    id: invoice.id,
    number,
    customerId: invoice.customerId ?? '',
    subscriptionId: null,
    status: invoice.status === INVOICE_STATUSES.paid ? 'paid' : 'open',
    currency: invoice.currency,
    subtotal: invoice.subtotalMinor,
    tax: invoice.vatMinor,
    taxRateBasisPoints: invoice.vatRateBasisPoints,
    total: invoice.totalMinor,
    periodStart: period.start,
    periodEnd: lastDay,
    attemptCount: 0,
    lastFailure: null,
    buyer: {
      companyName: invoice.payerName,
      email: invoice.invoiceEmail || null,
      vatNumber: payer?.cvr || null,
      address: payer
        ? { line1: payer.address, postalCode: payer.zipCode, city: payer.city, country: payer.country }
        : null,
      additionalInfo: payer?.ean ? `EAN: ${payer.ean}` : null,
    },
    lines: (invoice.lines ?? []).map((line) => ({
      description: line.deviceName ? `${line.description}: ${line.deviceName}` : line.description,
      quantity: line.quantity,
      amount: line.amountMinor,
      periodStart: period.start.toISOString(),
      periodEnd: lastDay.toISOString(),
    })),
    createdAt: new Date(`${invoice.issuedDate}T00:00:00Z`),
    paidAt: invoice.paidAt ? new Date(invoice.paidAt) : null,
  };
  return renderInvoicePdf(shape, {
    name: seller.companyName,
    address: seller.companyAddress,
    vatNumber: seller.companyCvr,
  });
}

/** `invoice-12.pdf`. */
export const invoicePdfName = (invoice: Pick<Invoice, 'number'>) => `invoice-${invoice.number}.pdf`;
