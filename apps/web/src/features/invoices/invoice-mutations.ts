import {
  invoiceEndpoints,
  type Invoice,
  type InvoiceRunRequest,
  type InvoiceRunResponse,
} from '@homeward/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../app/api/endpoint-client';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { INVOICES_QUERY_KEY } from './get-invoices';

/** POST /api/invoices/runs: invoices every customer for the month; nothing is made twice. */
export function runInvoices(body: InvoiceRunRequest): Promise<InvoiceRunResponse> {
  return callEndpoint(invoiceEndpoints.run, { body });
}

/** The run; toasts and list reload are the caller's (the dialog shows field errors itself). */
export function useRunInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runInvoices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY }),
  });
}

export type InvoiceAction = 'send' | 'paid' | 'credit-note';

const INVOICE_ACTION_ENDPOINTS = {
  send: invoiceEndpoints.send,
  paid: invoiceEndpoints.markPaid,
  'credit-note': invoiceEndpoints.creditNote,
} as const;

/** POST /api/invoices/:id/send, /paid or /credit-note. */
export function actOnInvoice(id: string, action: InvoiceAction): Promise<Invoice> {
  return callEndpoint(INVOICE_ACTION_ENDPOINTS[action], { params: { id } });
}

const SUCCESS_KEYS: Record<InvoiceAction, string> = {
  send: 'invoices:sentToast',
  paid: 'invoices:paidToast',
  'credit-note': 'invoices:creditNoteCreated',
};
const FAILURE_KEYS: Record<InvoiceAction, string> = {
  send: 'invoices:sendFailed',
  paid: 'invoices:markPaidFailed',
  'credit-note': 'invoices:creditNoteFailed',
};

/** Send, mark paid or credit an invoice; toasts how it went and reloads every invoice query. */
export function useInvoiceAction(action: InvoiceAction, onDone?: (invoice: Invoice) => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => actOnInvoice(id, action),
    onSuccess: async (invoice) => {
      notify.success(t(SUCCESS_KEYS[action], { number: invoice.number, email: invoice.invoiceEmail }));
      await queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
      onDone?.(invoice);
    },
    onError: (error) => notify.error(t(FAILURE_KEYS[action], { reason: apiErrorText(t, error) })),
  });
}
