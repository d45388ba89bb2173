import { billingEndpoints, type BillingInvoice } from '@homeward/contracts';
import { downloadEndpoint } from '../../../app/api/endpoint-client';

/**
 * `GET /api/billing/invoices/:id/pdf`: fetched with the user's token (a plain link would carry
 * none) and handed to the browser as a file, under the server's name.
 */
export function downloadInvoicePdf(invoice: Pick<BillingInvoice, 'id' | 'number'>): Promise<void> {
  const name = `invoice-${(invoice.number ?? invoice.id).replace(/[^\w-]/g, '')}.pdf`;
  return downloadEndpoint(billingEndpoints.invoicePdf, { params: { id: invoice.id } }, name);
}
