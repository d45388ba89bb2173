import {
  formatMoney,
  INVOICE_MESSAGE_KEYS,
  INVOICE_STATUSES,
  type Invoice,
  type Language,
} from '@homeward/contracts';
import { DomainError } from '../../platform/errors/domain-error';
import { serverTexts } from '../../platform/i18n/server-texts';
import { enqueueEmail } from '../../platform/outbox/outbox';
import { findCustomer } from '../customers';
import { invoicePdfName, renderEnterpriseInvoicePdf, type InvoiceSellerConfig } from './invoice-pdf';
import { requireOrganizationTenant, type InvoiceContext } from './invoice-tenant';
import { updateInvoiceStatus } from './invoices.repository';
import { getInvoice } from './invoices.service';

/** The payer as it is now (address, CVR, EAN for the PDF); undefined once the customer is deleted. */
async function payerOf(ctx: InvoiceContext, invoice: Invoice) {
  if (!invoice.customerId) return undefined;
  return findCustomer(ctx.db, invoice.tenantId, invoice.customerId);
}

/** GET /api/invoices/:id/pdf. */
export async function invoicePdf(ctx: InvoiceContext, id: string, seller: InvoiceSellerConfig) {
  const invoice = await getInvoice(ctx, id);
  const pdf = await renderEnterpriseInvoicePdf(invoice, await payerOf(ctx, invoice), seller);
  return { pdf, fileName: invoicePdfName(invoice) };
}

/**
 * Sends a draft: it becomes Sent, and its PDF is queued in the outbox to the customer's invoice
 * e-mail (else its e-mail) in the same transaction, so the e-mail leaves only if the change holds.
 * The text is in the sender's language.
 */
export async function sendInvoice(
  ctx: InvoiceContext,
  id: string,
  seller: InvoiceSellerConfig,
  language: Language,
): Promise<Invoice> {
  const tenantId = await requireOrganizationTenant(ctx);
  const draft = await getInvoice(ctx, id);
  if (draft.status !== INVOICE_STATUSES.draft)
    throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.notDraft);
  const payer = await payerOf(ctx, draft);
  const to = (payer ? payer.invoiceEmail || payer.email : draft.invoiceEmail).trim();
  if (!to) throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.noInvoiceEmail);

  const sentAt = ctx.now();
  const moved = await updateInvoiceStatus(ctx.db, tenantId, id, INVOICE_STATUSES.draft, {
    status: INVOICE_STATUSES.sent,
    sentAt,
    invoiceEmail: to,
  });
  if (!moved) throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.notDraft);
  const invoice = await getInvoice(ctx, id);
  const pdf = await renderEnterpriseInvoicePdf(invoice, payer, seller);

  await serverTexts.load([language], ['invoices']);
  const params = {
    number: invoice.number,
    payer: invoice.payerName,
    month: invoice.month,
    total: formatMoney(invoice.totalMinor, invoice.currency, language),
    dueDate: invoice.dueDate,
    company: seller.companyName,
  };
  const credit = invoice.creditedInvoiceId !== null;
  await enqueueEmail(ctx.db, {
    tenantId,
    to,
    subject: serverTexts.translate(
      language,
      credit ? 'invoices:email.creditSubject' : 'invoices:email.subject',
      params,
    ),
    body: serverTexts.translate(
      language,
      credit ? 'invoices:email.creditBody' : 'invoices:email.body',
      params,
    ),
    attachments: [{ fileName: invoicePdfName(invoice), contentType: 'application/pdf', content: pdf }],
  });
  return invoice;
}
