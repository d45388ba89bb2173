import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrderedDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** The watches of an order with the activation code each box needs, so the receiver can connect it. */
export function OrderedWatchesTable({ devices }: { devices: OrderedDevice[] }) {
  const { t } = useTranslation();
  if (devices.length === 0) {
    return <Typography color="text.secondary">{t('orders:orderHasNoWatches')}</Typography>;
  }
  return (
    <Table size="small" aria-label={t('orders:watchesTable')} data-testid="ordered-watches">
      <TableHead>
        <TableRow>
          <TableCell>{t('orders:imei')}</TableCell>
          <TableCell>{t('orders:watchName')}</TableCell>
          <TableCell>{t('orders:activationCode')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {devices.map((device) => (
          <TableRow key={device.imei} data-testid={`ordered-watch-${device.imei}`}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{device.imei}</TableCell>
            <TableCell>{device.name ?? t('orders:watchLeft')}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>
              {device.activationCode ?? '—'}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
