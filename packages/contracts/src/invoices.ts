import { z } from 'zod';
import { zCurrency } from './currencies';
import { TAX_ZONES } from './customers';
import { zPagedRequest, zPagedResult } from './users';
import { VALIDATION_KEYS } from './validation';

/**
 * Contracts of enterprise invoices (/api/invoices): a tenant's monthly invoices to its customers
 * (spec §3 "Invoice", §4 status, §7 "Excel download per customer with tenant filter").
 * Money is always an integer of the currency's minor unit (øre, cent).
 */

/** Spec §4: 1 Draft, 2 Sent, 3 Paid; any other number shows as Unknown. */
export const INVOICE_STATUSES = { draft: 1, sent: 2, paid: 3 } as const;
export type InvoiceStatusName = keyof typeof INVOICE_STATUSES | 'unknown';

/** The name of a status number; anything but 1, 2 and 3 is `unknown`. */
export function invoiceStatusName(status: number): InvoiceStatusName {
  const found = Object.entries(INVOICE_STATUSES).find(([, value]) => value === status);
  return (found?.[0] as InvoiceStatusName | undefined) ?? 'unknown';
}

/**
 * VAT by the customer's tax zone, in basis points: Danish customers pay 25 % Danish VAT; EU
 * businesses outside Denmark are invoiced without VAT (reverse charge: the buyer accounts for it),
 * and customers outside the EU without VAT (an export of services).
 */
export const VAT_RATE_BASIS_POINTS: Record<(typeof TAX_ZONES)[number], number> = {
  domestic: 2500,
  eu: 0,
  nonEu: 0,
};

/** Days from the issue date to the due date. */
export const INVOICE_DUE_DAYS = 30;

/** The VAT of a net amount, rounded half away from zero to the minor unit (a credit note mirrors its invoice). */
export function vatOfMinor(netMinor: number, rateBasisPoints: number): number {
  const vat = Math.round((Math.abs(netMinor) * rateBasisPoints) / 10_000);
  return netMinor < 0 ? -vat : vat;
}

/**
 * An invoice's totals from its line amounts: the lines are summed first and VAT is computed once on
 * the sum (not per line), so the total never drifts from the lines by accumulated rounding.
 */
export function invoiceTotalsOf(lineAmountsMinor: readonly number[], rateBasisPoints: number) {
  const subtotalMinor = lineAmountsMinor.reduce((sum, amount) => sum + amount, 0);
  const vatMinor = vatOfMinor(subtotalMinor, rateBasisPoints);
  return { subtotalMinor, vatMinor, totalMinor: subtotalMinor + vatMinor };
}

/** Translation keys (namespace `invoices`) of the rules the server enforces. */
export const INVOICE_MESSAGE_KEYS = {
  notAnOrganization: 'invoices:refused.notAnOrganization',
  notDraft: 'invoices:refused.notDraft',
  notSent: 'invoices:refused.notSent',
  notIssued: 'invoices:refused.notIssued',
  alreadyCredited: 'invoices:refused.alreadyCredited',
  creditNote: 'invoices:refused.creditNote',
  noInvoiceEmail: 'invoices:refused.noInvoiceEmail',
  monthInFuture: 'invoices:refused.monthInFuture',
  dueBeforeIssue: 'invoices:refused.dueBeforeIssue',
} as const;

/** A calendar month, `2026-03`. */
export const zInvoiceMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, VALIDATION_KEYS.invalid);

export const INVOICE_LINE_KINDS = ['device', 'subscription', 'service'] as const;

/** One line: a watch active in the month, or one of the customer's subscriptions and services. */
export const zInvoiceLine = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_LINE_KINDS),
  productId: z.uuid().nullable(),
  /** The product's name as it was when the invoice was made. */
  description: z.string(),
  deviceId: z.uuid().nullable(),
  deviceName: z.string().nullable(),
  quantity: z.number().int(),
  /** The customer's net unit price (custom or list price less the discount). */
  unitPriceMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof zInvoiceLine>;

export const zInvoice = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  tenantName: z.string().nullable(),
  /** Gapless per tenant, from 1. */
  number: z.number().int(),
  customerId: z.uuid().nullable(),
  /** The payer's name as invoiced (kept if the customer is renamed or deleted). */
  payerName: z.string(),
  invoiceEmail: z.string(),
  month: zInvoiceMonth,
  issuedDate: z.string(),
  dueDate: z.string(),
  /** 1 Draft, 2 Sent, 3 Paid (`INVOICE_STATUSES`). */
  status: z.number().int(),
  currency: zCurrency,
  taxZone: z.enum(TAX_ZONES),
  vatRateBasisPoints: z.number().int(),
  subtotalMinor: z.number().int(),
  vatMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** On a credit note: the invoice it corrects. */
  creditedInvoiceId: z.uuid().nullable(),
  creditedInvoiceNumber: z.number().int().nullable(),
  /** On an invoice corrected by a credit note: that note. */
  creditNoteId: z.uuid().nullable(),
  sentAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** Only on the single-invoice read. */
  lines: z.array(zInvoiceLine).optional(),
});
export type Invoice = z.infer<typeof zInvoice>;

export const INVOICE_SORT_FIELDS = ['number', 'issuedDate', 'dueDate', 'totalMinor', 'payerName'] as const;

/** GET /api/invoices: paged, filtered by customer, status and a range of months. */
export const zInvoiceListRequest = zPagedRequest.extend({
  customerId: z.uuid().optional(),
  status: z.coerce.number().int().min(0).max(99).optional(),
  fromMonth: zInvoiceMonth.optional(),
  toMonth: zInvoiceMonth.optional(),
});
export type InvoiceListRequest = z.input<typeof zInvoiceListRequest>;
export const zInvoiceListResponse = zPagedResult(zInvoice);
export type InvoiceListResponse = z.infer<typeof zInvoiceListResponse>;

/** POST /api/invoices/runs: invoices every customer of the tenant for one month. */
export const zInvoiceRunRequest = z.object({ month: zInvoiceMonth });
export type InvoiceRunRequest = z.input<typeof zInvoiceRunRequest>;

export const zInvoiceRunResponse = z.object({
  month: zInvoiceMonth,
  /** Invoices made by this run. */
  created: z.number().int(),
  /** Customers invoiced for the month by an earlier run (nothing is made twice). */
  alreadyInvoiced: z.number().int(),
  /** Customers with nothing to invoice for the month. */
  nothingToInvoice: z.number().int(),
  /** Lines left out: a product priced in another currency than the customer's. */
  skippedLines: z.number().int(),
  invoiceIds: z.array(z.uuid()),
});
export type InvoiceRunResponse = z.infer<typeof zInvoiceRunResponse>;

/** PUT /api/invoices/:id: what may change on a draft. */
export const zUpdateInvoiceRequest = z.object({
  dueDate: z.iso.date(),
});
export type UpdateInvoiceRequest = z.input<typeof zUpdateInvoiceRequest>;

/** GET /api/invoices/export: one customer's invoices; without a customer, every invoice in scope. */
export const zInvoiceExportRequest = z.object({ customerId: z.uuid().optional() });
