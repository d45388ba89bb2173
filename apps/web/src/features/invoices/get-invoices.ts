import {
  invoiceEndpoints,
  type Invoice,
  type InvoiceListRequest,
  type InvoiceListResponse,
} from '@homeward/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../app/api/endpoint-client';

/** Prefix of every invoice query (lists and details); every invoice mutation invalidates it. */
export const INVOICES_QUERY_KEY = ['invoices'] as const;

/** GET /api/invoices: one page, filtered by customer, status and months on the server. */
export function getInvoices(request: InvoiceListRequest): Promise<InvoiceListResponse> {
  return callEndpoint(invoiceEndpoints.list, { query: request });
}

/** GET /api/invoices/:id: the invoice with its lines. */
export function getInvoice(id: string): Promise<Invoice> {
  return callEndpoint(invoiceEndpoints.get, { params: { id } });
}

export const invoiceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...INVOICES_QUERY_KEY, 'one', id], queryFn: () => getInvoice(id) });

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
