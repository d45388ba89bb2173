import { and, asc, count, eq, gte, ilike, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database';
import { inTenant, likePattern, orderByOf, type PageRequest } from '../../platform/db/query-helpers';
import { tenants } from '../tenants/tenants.schema';
import { invoiceLines, invoices, type InvoiceRow } from './invoices.schema';

/** Queries of invoices and their lines; every one is limited to the caller's tenant scope. */

export interface InvoiceFilter extends PageRequest {
  customerId?: string;
  status?: number;
  fromMonth?: string;
  toMonth?: string;
}

/** The filters without paging (the Excel download takes every matching invoice). */
export type InvoiceScopeFilter = Omit<InvoiceFilter, 'skipCount' | 'maxResultCount' | 'sorting'>;

export type InvoiceListRow = InvoiceRow & {
  tenantName: string | null;
  creditedInvoiceNumber: number | null;
  creditNoteId: string | null;
};

const credited = alias(invoices, 'credited');
const creditNote = alias(invoices, 'credit_note');

const listColumns = {
  invoice: invoices,
  tenantName: tenants.name,
  creditedInvoiceNumber: credited.number,
  creditNoteId: creditNote.id,
};

function flatten(row: {
  invoice: InvoiceRow;
  tenantName: string | null;
  creditedInvoiceNumber: number | null;
  creditNoteId: string | null;
}): InvoiceListRow {
  return {
    ...row.invoice,
    tenantName: row.tenantName,
    creditedInvoiceNumber: row.creditedInvoiceNumber,
    creditNoteId: row.creditNoteId,
  };
}

function selectInvoices(db: Database) {
  return db
    .select(listColumns)
    .from(invoices)
    .leftJoin(tenants, eq(tenants.id, invoices.tenantId))
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .leftJoin(creditNote, eq(creditNote.creditedInvoiceId, invoices.id));
}

function whereOf(tenantId: string | null, filter: InvoiceScopeFilter) {
  return and(
    inTenant(invoices.tenantId, tenantId),
    filter.customerId ? eq(invoices.customerId, filter.customerId) : undefined,
    filter.status !== undefined ? eq(invoices.status, filter.status) : undefined,
    // `YYYY-MM` text sorts as the months do.
    filter.fromMonth ? gte(invoices.month, filter.fromMonth) : undefined,
    filter.toMonth ? lte(invoices.month, filter.toMonth) : undefined,
    filter.filter ? ilike(invoices.payerName, likePattern(filter.filter)) : undefined,
  );
}

/** One page of invoices: the latest month first, then the highest number, unless sorted otherwise. */
export async function findInvoices(db: Database, tenantId: string | null, filter: InvoiceFilter) {
  const where = whereOf(tenantId, filter);
  const orderBy = orderByOf(
    filter.sorting,
    {
      number: invoices.number,
      issuedDate: invoices.issuedDate,
      dueDate: invoices.dueDate,
      totalMinor: invoices.totalMinor,
      payerName: sql`lower(${invoices.payerName})`,
    },
    sql`${invoices.month} desc, ${invoices.number} desc`,
  );
  const rows = await selectInvoices(db)
    .where(where)
    .orderBy(orderBy, invoices.id)
    .limit(filter.maxResultCount)
    .offset(filter.skipCount);
  const [total] = await db.select({ n: count() }).from(invoices).where(where);
  return { items: rows.map(flatten), totalCount: total?.n ?? 0 };
}

/** Every invoice matching the filter, oldest first (the Excel download). */
export async function findAllInvoices(
  db: Database,
  tenantId: string | null,
  filter: InvoiceScopeFilter,
  limit: number,
) {
  const rows = await selectInvoices(db)
    .where(whereOf(tenantId, filter))
    .orderBy(asc(tenants.name), asc(invoices.number))
    .limit(limit);
  return rows.map(flatten);
}

export async function findInvoice(db: Database, tenantId: string | null, id: string) {
  const [row] = await selectInvoices(db).where(
    and(inTenant(invoices.tenantId, tenantId), eq(invoices.id, id)),
  );
  return row && flatten(row);
}

/** The lines of the given invoices, in their order. */
export async function findInvoiceLines(db: Database, tenantId: string | null, invoiceIds: string[]) {
  if (!invoiceIds.length) return [];
  return db
    .select()
    .from(invoiceLines)
    .where(and(inTenant(invoiceLines.tenantId, tenantId), inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(invoiceLines.invoiceId, invoiceLines.position);
}

export async function insertInvoices(db: Database, rows: (typeof invoices.$inferInsert)[]) {
  // 20 columns a row: 2,000 rows stay below the 65,535 bind values of one statement.
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += 2000) {
    const inserted = await db
      .insert(invoices)
      .values(rows.slice(start, start + 2000))
      .returning({ id: invoices.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * Moves an invoice from one status to another; false when it is not in `from` (someone else moved
 * it first, or it never was), so two concurrent sends cannot both succeed.
 */
export async function updateInvoiceStatus(
  db: Database,
  tenantId: string,
  id: string,
  from: number,
  values: Partial<Pick<InvoiceRow, 'status' | 'sentAt' | 'paidAt' | 'invoiceEmail' | 'dueDate'>>,
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id), eq(invoices.status, from)))
    .returning({ id: invoices.id });
  return rows.length > 0;
}
