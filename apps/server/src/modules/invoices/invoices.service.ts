import {
  INVOICE_MESSAGE_KEYS,
  INVOICE_STATUSES,
  invoiceTotalsOf,
  type Currency,
  type Invoice,
  type InvoiceListResponse,
  type zUpdateInvoiceRequest,
} from '@homeward/contracts';
import type { z } from 'zod';
import { isoTime } from '../../platform/db/query-helpers';
import { uuidv7 } from '../../platform/db/uuid-v7';
import { DomainError } from '../../platform/errors/domain-error';
import { insertInvoiceLines, takeInvoiceNumbers } from './invoice-run.repository';
import { requireInvoiceReadScope, requireOrganizationTenant, type InvoiceContext } from './invoice-tenant';
import * as repository from './invoices.repository';
import type { InvoiceLineRow } from './invoices.schema';

export function toInvoice(row: repository.InvoiceListRow, lines?: InvoiceLineRow[]): Invoice {
  return {
    id: row.id,
    tenantId: row.tenantId,
    tenantName: row.tenantName,
    number: row.number,
    customerId: row.customerId,
    payerName: row.payerName,
    invoiceEmail: row.invoiceEmail,
    month: row.month,
    issuedDate: row.issuedDate,
    dueDate: row.dueDate,
    status: row.status,
    currency: row.currency as Currency,
    taxZone: row.taxZone,
    vatRateBasisPoints: row.vatRateBasisPoints,
    subtotalMinor: Number(row.subtotalMinor),
    vatMinor: Number(row.vatMinor),
    totalMinor: Number(row.totalMinor),
    creditedInvoiceId: row.creditedInvoiceId,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    creditNoteId: row.creditNoteId,
    sentAt: row.sentAt ? isoTime(row.sentAt) : null,
    paidAt: row.paidAt ? isoTime(row.paidAt) : null,
    createdAt: isoTime(row.createdAt),
    ...(lines
      ? {
          lines: lines.map((line) => ({
            id: line.id,
            kind: line.kind,
            productId: line.productId,
            description: line.description,
            deviceId: line.deviceId,
            deviceName: line.deviceName,
            quantity: line.quantity,
            unitPriceMinor: line.unitPriceMinor,
            amountMinor: Number(line.amountMinor),
          })),
        }
      : {}),
  };
}

export async function listInvoices(
  ctx: InvoiceContext,
  filter: repository.InvoiceFilter,
): Promise<InvoiceListResponse> {
  const scope = await requireInvoiceReadScope(ctx);
  const { items, totalCount } = await repository.findInvoices(ctx.db, scope, filter);
  return { items: items.map((row) => toInvoice(row)), totalCount };
}

/** The invoice with its lines; 404 outside the caller's scope. */
export async function getInvoice(ctx: InvoiceContext, id: string): Promise<Invoice> {
  const scope = await requireInvoiceReadScope(ctx);
  const row = await repository.findInvoice(ctx.db, scope, id);
  if (!row) throw new DomainError('not_found');
  return toInvoice(row, await repository.findInvoiceLines(ctx.db, scope, [id]));
}

/**
 * Only a draft may change: once sent, an invoice is a document the customer holds, and a credit
 * note corrects it instead (409 otherwise). `from` is the status the change starts from.
 */
async function changeInvoice(
  ctx: InvoiceContext,
  id: string,
  from: number,
  refusal: string,
  values: Parameters<typeof repository.updateInvoiceStatus>[4],
): Promise<Invoice> {
  const tenantId = await requireOrganizationTenant(ctx);
  if (!(await repository.updateInvoiceStatus(ctx.db, tenantId, id, from, values))) {
    await getInvoice(ctx, id); // 404 when there is no such invoice
    throw new DomainError('conflict', refusal);
  }
  return getInvoice(ctx, id);
}

/** PUT /api/invoices/:id: a draft's due date. */
export async function updateInvoice(
  ctx: InvoiceContext,
  id: string,
  input: z.output<typeof zUpdateInvoiceRequest>,
): Promise<Invoice> {
  const current = await getInvoice(ctx, id);
  if (current.status === INVOICE_STATUSES.draft && input.dueDate < current.issuedDate) {
    throw new DomainError('validation_failed', undefined, undefined, [
      { field: 'dueDate', message: INVOICE_MESSAGE_KEYS.dueBeforeIssue },
    ]);
  }
  return changeInvoice(ctx, id, INVOICE_STATUSES.draft, INVOICE_MESSAGE_KEYS.notDraft, {
    dueDate: input.dueDate,
  });
}

/** Sent → Paid. */
export async function markInvoicePaid(ctx: InvoiceContext, id: string): Promise<Invoice> {
  return changeInvoice(ctx, id, INVOICE_STATUSES.sent, INVOICE_MESSAGE_KEYS.notSent, {
    status: INVOICE_STATUSES.paid,
    paidAt: ctx.now(),
  });
}

/**
 * A credit note for a sent or paid invoice: a new draft with the next number, every line and total
 * negated, referencing the original. One per invoice; a credit note is not credited itself.
 */
export async function creditInvoice(ctx: InvoiceContext, id: string): Promise<Invoice> {
  const tenantId = await requireOrganizationTenant(ctx);
  const original = await getInvoice(ctx, id);
  if (original.creditedInvoiceId) throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.creditNote);
  if (original.status === INVOICE_STATUSES.draft)
    throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.notIssued);
  if (original.creditNoteId) throw new DomainError('conflict', INVOICE_MESSAGE_KEYS.alreadyCredited);

  const number = await takeInvoiceNumbers(ctx.db, tenantId, 1);
  const lines = (original.lines ?? []).map((line, position) => ({
    tenantId,
    position,
    kind: line.kind,
    productId: line.productId,
    description: line.description,
    deviceId: line.deviceId,
    deviceName: line.deviceName,
    month: original.month,
    quantity: -line.quantity,
    unitPriceMinor: line.unitPriceMinor,
    amountMinor: -line.amountMinor,
  }));
  const now = ctx.now();
  const creditNoteId = uuidv7();
  await repository.insertInvoices(ctx.db, [
    {
      id: creditNoteId,
      tenantId,
      number,
      customerId: original.customerId,
      payerName: original.payerName,
      invoiceEmail: original.invoiceEmail,
      month: original.month,
      issuedDate: now.toISOString().slice(0, 10),
      dueDate: now.toISOString().slice(0, 10),
      status: INVOICE_STATUSES.draft,
      currency: original.currency,
      taxZone: original.taxZone,
      vatRateBasisPoints: original.vatRateBasisPoints,
      creditedInvoiceId: original.id,
      ...invoiceTotalsOf(
        lines.map((line) => line.amountMinor),
        original.vatRateBasisPoints,
      ),
    },
  ]);
  await insertInvoiceLines(
    ctx.db,
    lines.map((line) => ({ ...line, invoiceId: creditNoteId })),
  );
  return getInvoice(ctx, creditNoteId);
}
