import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BillingInvoice } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { EmptyState } from '../../components/empty-state';
import { WrappingListItem } from '../../components/lists/wrapping-list-item';
import { downloadInvoicePdf } from './api/download-invoice-pdf';
import { useBillingInvoices } from './api/get-billing-invoices';
import { formatAmount, formatBillingDate, formatBillingPeriod } from './billing-display';
import { billingFailureText } from './billing-failure-text';
import { BillingSection, SectionLoading, SectionLoadingFailed } from './billing-section';

const STATUS_COLORS: Record<BillingInvoice['status'], ChipProps['color']> = {
  draft: 'default',
  open: 'warning',
  paid: 'success',
  void: 'default',
  uncollectible: 'error',
};

/** The household's invoices, newest first: number, period, total with VAT, status, and its PDF. */
export function InvoiceHistorySection() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const invoices = useBillingInvoices();
  const [downloading, setDownloading] = useState<string>();
  const money = (minor: number, currency: string) => formatAmount(minor, currency, i18n.language);
  const numberOf = (invoice: BillingInvoice) => invoice.number ?? t('billingAccount:history.draftNumber');

  const download = async (invoice: BillingInvoice) => {
    setDownloading(invoice.id);
    try {
      await downloadInvoicePdf(invoice);
    } catch (error) {
      notify.error(t('billingAccount:toasts.downloadFailed', { reason: billingFailureText(t, error) }));
    } finally {
      setDownloading(undefined);
    }
  };

  return (
    <BillingSection id="billing-history" title={t('billingAccount:history.title')}>
      {invoices.isError ? (
        <SectionLoadingFailed onRetry={() => void invoices.refetch()} />
      ) : invoices.isPending ? (
        <SectionLoading label={t('billingAccount:history.loading')} />
      ) : invoices.data.invoices.length === 0 ? (
        <EmptyState
          title={t('billingAccount:history.empty')}
          description={t('billingAccount:history.emptyDescription')}
        />
      ) : (
        <List aria-labelledby="billing-history-title" disablePadding>
          {invoices.data.invoices.map((invoice) => (
            <WrappingListItem
              key={invoice.id}
              data-testid="billing-invoice"
              title={t('billingAccount:history.invoice', { number: numberOf(invoice) })}
              titleComponent="h3"
              badges={
                <Chip
                  size="small"
                  color={STATUS_COLORS[invoice.status]}
                  label={t(`billingAccount:history.status.${invoice.status}`)}
                />
              }
              actions={
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  loading={downloading === invoice.id}
                  onClick={() => void download(invoice)}
                  // The visible text first, then which invoice: a person using speech input says
                  // what they see ("Download PDF"), and several invoices share the screen.
                  aria-label={t('billingAccount:history.downloadLabel', { number: numberOf(invoice) })}
                  data-testid="billing-invoice-download"
                >
                  {t('billingAccount:history.download')}
                </Button>
              }
            >
              <Typography variant="body2" color="text.secondary">
                {t('billingAccount:history.period', {
                  period: formatBillingPeriod(invoice.periodStart, invoice.periodEnd, i18n.language),
                })}
              </Typography>
              <Typography variant="body2" data-testid="billing-invoice-total">
                {t('billingAccount:history.total', {
                  total: money(invoice.total, invoice.currency),
                  vat: money(invoice.tax, invoice.currency),
                })}
              </Typography>
              {invoice.paidAt && (
                <Typography variant="body2" color="text.secondary">
                  {t('billingAccount:history.paidAt', {
                    date: formatBillingDate(invoice.paidAt, i18n.language),
                  })}
                </Typography>
              )}
            </WrappingListItem>
          ))}
        </List>
      )}
    </BillingSection>
  );
}
