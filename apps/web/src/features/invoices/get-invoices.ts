import type { Invoice, InvoiceListRequest, InvoiceListResponse } from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../app/api/api-fetch';
import { toQueryString } from '../../components/crud/paged-list-request';

/** Prefix of every invoice query (lists and details); every invoice mutation invalidates it. */
export const INVOICES_QUERY_KEY = ['invoices'] as const;
export const INVOICES_PATH = '/api/invoices';

/** GET /api/invoices: one page, filtered by customer, status and months on the server. */
export function getInvoices(request: InvoiceListRequest): Promise<InvoiceListResponse> {
  return apiFetch(`${INVOICES_PATH}${toQueryString(request)}`);
}

/** GET /api/invoices/:id: the invoice with its lines. */
export function getInvoice(id: string): Promise<Invoice> {
  return apiFetch(`${INVOICES_PATH}/${id}`);
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...INVOICES_QUERY_KEY, 'one', id], queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
