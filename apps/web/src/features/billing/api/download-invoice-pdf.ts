import type { BillingInvoice } from '@homeward/contracts';
import { apiDownload } from '../../../app/api/api-download';

/**
 * `GET /api/billing/invoices/:id/pdf`: fetched with the user's token (a plain link would carry
 * none) and handed to the browser as a file, under the server's name.
 */
export function downloadInvoicePdf(invoice: Pick<BillingInvoice, 'id' | 'number'>): Promise<void> {
  const name = `invoice-${(invoice.number ?? invoice.id).replace(/[^\w-]/g, '')}.pdf`;
  return apiDownload(`/api/billing/invoices/${encodeURIComponent(invoice.id)}/pdf`, name);
}
