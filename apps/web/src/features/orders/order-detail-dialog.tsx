import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useOrder } from './get-orders';
import { OrderedWatchesTable } from './ordered-watches-table';

/** One order: its lines at the prices it was placed at, and its watches with their activation codes. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const order = useOrder(orderId);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="order-detail-title">
      <DialogTitle id="order-detail-title">
        {order.data
          ? t('orders:detailTitle', { date: new Date(order.data.createdAt).toLocaleString(i18n.language) })
          : t('orders:order')}
      </DialogTitle>
      <DialogContent>
        {order.isPending ? (
          <CircularProgress aria-label={t('orders:loading')} />
        ) : order.isError ? (
          <Alert severity="error">{t('orders:loadFailed')}</Alert>
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2">
              {t('orders:placedBy', {
                name: order.data.createdByName,
                organization: order.data.organizationName ?? '—',
              })}
            </Typography>
            {order.data.note && <Typography variant="body2">{order.data.note}</Typography>}
            <List dense aria-label={t('orders:lines')}>
              {order.data.lines.map((line) => (
                <ListItem key={`${line.kind}-${line.productId}-${line.productName}`} disableGutters>
                  <ListItemText
                    primary={`${line.quantity} × ${line.productName}`}
                    secondary={t('orders:unitPrice', {
                      price: formatMoney(line.unitPriceMinor, line.currency, i18n.language),
                    })}
                  />
                </ListItem>
              ))}
            </List>
            <OrderedWatchesTable devices={order.data.devices} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('orders:close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
