import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invoiceEndpoints, formatMoney, INVOICE_STATUSES, type Invoice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../../app/api/endpoint-client';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { useInvoice } from './get-invoices';
import { useInvoiceAction } from './invoice-mutations';
import { InvoiceLinesTable } from './invoice-lines-table';
import { InvoiceStatus } from './invoice-status';

/** The actions an invoice allows now, for a caller with the permissions. */
function InvoiceActions({ invoice, onOpen }: { invoice: Invoice; onOpen(id: string): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const send = useInvoiceAction('send');
  const paid = useInvoiceAction('paid');
  const credit = useInvoiceAction('credit-note', (note) => onOpen(note.id));
  const [maySend, mayMarkPaid, mayCredit] = [
    usePermission('Homeward.Invoices.Send'),
    usePermission('Homeward.Invoices.MarkPaid'),
    usePermission('Homeward.Invoices.Create'),
  ];
  const busy = send.isPending || paid.isPending || credit.isPending;
  const issued = invoice.status === INVOICE_STATUSES.sent || invoice.status === INVOICE_STATUSES.paid;
  const download = () =>
    downloadEndpoint(
      invoiceEndpoints.pdf,
      { params: { id: invoice.id } },
      `invoice-${invoice.number}.pdf`,
    ).catch(() => notify.error(t('invoices:downloadFailed')));
  return (
    <>
      <Button onClick={() => void download()}>{t('invoices:downloadPdf')}</Button>
      {maySend && invoice.status === INVOICE_STATUSES.draft && (
        <Button disabled={busy} onClick={() => send.mutate(invoice.id)}>
          {t('invoices:send')}
        </Button>
      )}
      {mayMarkPaid && invoice.status === INVOICE_STATUSES.sent && (
        <Button disabled={busy} onClick={() => paid.mutate(invoice.id)}>
          {t('invoices:markPaid')}
        </Button>
      )}
      {mayCredit && issued && !invoice.creditedInvoiceId && !invoice.creditNoteId && (
        <Button disabled={busy} onClick={() => credit.mutate(invoice.id)}>
          {t('invoices:creditNote')}
        </Button>
      )}
    </>
  );
}

/** One invoice: payer, dates, status, its lines, VAT and total, and what can be done with it. */
export function InvoiceDetailDialog({
  invoiceId,
  onOpen,
  onClose,
}: {
  invoiceId: string;
  onOpen(id: string): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const invoice = useInvoice(invoiceId);
  const data = invoice.data;
  const money = (minor: number) => formatMoney(minor, data!.currency, i18n.language);
  const title = data
    ? t(data.creditedInvoiceId ? 'invoices:creditNoteTitle' : 'invoices:detailTitle', { number: data.number })
    : t('invoices:title');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="invoice-detail-title">
      <DialogTitle id="invoice-detail-title">{title}</DialogTitle>
      <DialogContent>
        {invoice.isPending ? (
          <CircularProgress aria-label={t('invoices:loading')} />
        ) : invoice.isError || !data ? (
          <Alert severity="error">{t('invoices:loadFailed')}</Alert>
        ) : (
          <Stack spacing={2}>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <InvoiceStatus status={data.status} />
              <Typography variant="body2">{`${t('invoices:payer')}: ${data.payerName}`}</Typography>
              <Typography variant="body2">{`${t('invoices:month')}: ${data.month}`}</Typography>
              <Typography variant="body2">{`${t('invoices:issuedDate')}: ${data.issuedDate}`}</Typography>
              <Typography variant="body2">{`${t('invoices:dueDate')}: ${data.dueDate}`}</Typography>
            </Stack>
            {data.creditedInvoiceNumber !== null && (
              <Alert severity="info">
                {t('invoices:creditNoteFor', { number: data.creditedInvoiceNumber })}
              </Alert>
            )}
            {data.creditNoteId && <Alert severity="info">{t('invoices:creditedBy')}</Alert>}
            {data.sentAt && data.invoiceEmail && (
              <Typography variant="body2">{t('invoices:sentTo', { email: data.invoiceEmail })}</Typography>
            )}
            <InvoiceLinesTable lines={data.lines ?? []} money={money} />
            <Stack
              sx={{ alignItems: 'flex-end' }}
              spacing={0.5}
              aria-label={t('invoices:total')}
              role="group"
            >
              <Typography variant="body2">{`${t('invoices:subtotal')}: ${money(data.subtotalMinor)}`}</Typography>
              <Typography variant="body2">
                {`${t('invoices:vatRate', { rate: data.vatRateBasisPoints / 100 })}: ${money(data.vatMinor)}`}
              </Typography>
              <Typography variant="subtitle1" sx={{ fontWeight: 'bold' }}>
                {`${t('invoices:total')}: ${money(data.totalMinor)}`}
              </Typography>
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {data && <InvoiceActions invoice={data} onOpen={onOpen} />}
        <Button variant="contained" onClick={onClose}>
          {t('invoices:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
