import Chip from '@mui/material/Chip';
import { invoiceStatusName, type InvoiceStatusName } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatusName, 'default' | 'info' | 'success' | 'warning'> = {
  draft: 'default',
  sent: 'info',
  paid: 'success',
  unknown: 'warning',
};

/** An invoice's status (spec §4): 1 Draft, 2 Sent, 3 Paid; any other number shows as Unknown. */
export function InvoiceStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = invoiceStatusName(status);
  return <Chip size="small" color={COLORS[name]} label={t(`invoices:statuses.${name}`)} data-status={name} />;
}
