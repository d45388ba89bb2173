import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { InvoiceLine } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** An invoice's lines: what, which device, how many, the unit price and the amount. */
export function InvoiceLinesTable({ lines, money }: { lines: InvoiceLine[]; money(minor: number): string }) {
  const { t } = useTranslation();
  if (!lines.length) return <Typography color="text.secondary">{t('invoices:noLines')}</Typography>;
  return (
    <Table size="small" aria-label={t('invoices:lines')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('invoices:description')}</TableCell>
          <TableCell>{t('invoices:deviceName')}</TableCell>
          <TableCell align="right">{t('invoices:quantity')}</TableCell>
          <TableCell align="right">{t('invoices:unitPrice')}</TableCell>
          <TableCell align="right">{t('invoices:amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id}>
            <TableCell>{`${t(`invoices:lineKind.${line.kind}`)}: ${line.description}`}</TableCell>
            <TableCell>{line.deviceName ?? '—'}</TableCell>
            <TableCell align="right">{line.quantity}</TableCell>
            <TableCell align="right">{money(line.unitPriceMinor)}</TableCell>
            <TableCell align="right">{money(line.amountMinor)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
