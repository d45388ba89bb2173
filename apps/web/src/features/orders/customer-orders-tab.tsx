import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../app/auth/permissions';
import { useCustomerOrders } from './get-orders';
import { NewOrderDialog } from './new-order-dialog';
import { OrderDetailDialog } from './order-detail-dialog';
import { ProductsAndServicesCard } from './products-and-services-card';

export interface CustomerOrdersTabProps {
  customerId: string;
  customerName: string;
  organizations: { id: string; displayName: string }[];
  /** The host's All tenants view: orders are read, never placed. */
  readOnly?: boolean;
}

/**
 * The customer page's Orders tab: what the customer has, its orders (newest first), a new order,
 * and each order's watches with their activation codes (for those who may place orders).
 */
export function CustomerOrdersTab({
  customerId,
  customerName,
  organizations,
  readOnly,
}: CustomerOrdersTabProps) {
  const { t, i18n } = useTranslation();
  const orders = useCustomerOrders(customerId);
  const canOrder = usePermission('Homeward.Customers.Edit') && !readOnly;
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <Stack spacing={2}>
      <ProductsAndServicesCard customerId={customerId} />
      <Card variant="outlined" component="section" aria-labelledby="customer-orders-title">
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
            <Typography variant="h6" component="h2" id="customer-orders-title">
              {t('orders:title')}
            </Typography>
            {canOrder && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                {t('orders:newOrder')}
              </Button>
            )}
          </Stack>
          {orders.isPending ? (
            <CircularProgress aria-label={t('orders:loading')} />
          ) : orders.isError ? (
            <Alert severity="error">{t('orders:loadFailed')}</Alert>
          ) : orders.data.items.length === 0 ? (
            <Typography color="text.secondary">{t('orders:empty')}</Typography>
          ) : (
            <Table size="small" aria-labelledby="customer-orders-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('orders:date')}</TableCell>
                  <TableCell>{t('orders:organization')}</TableCell>
                  <TableCell align="right">{t('orders:watches')}</TableCell>
                  <TableCell align="right">{t('orders:accessories')}</TableCell>
                  <TableCell>{t('orders:placedByColumn')}</TableCell>
                  {canOrder && <TableCell />}
                </TableRow>
              </TableHead>
              <TableBody>
                {orders.data.items.map((order) => {
                  const date = new Date(order.createdAt).toLocaleString(i18n.language);
                  return (
                    <TableRow key={order.id}>
                      <TableCell>{date}</TableCell>
                      <TableCell>{order.organizationName ?? '—'}</TableCell>
                      <TableCell align="right">{order.watchCount}</TableCell>
                      <TableCell align="right">{order.accessoryCount}</TableCell>
                      <TableCell>{order.createdByName}</TableCell>
                      {canOrder && (
                        <TableCell align="right">
                          <Button
                            size="small"
                            onClick={() => setOpenId(order.id)}
                            aria-label={t('orders:openOrder', { date })}
                          >
                            {t('orders:open')}
                          </Button>
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      {creating && (
        <NewOrderDialog
          customerId={customerId}
          customerName={customerName}
          organizations={organizations}
          onClose={() => setCreating(false)}
        />
      )}
      {openId && <OrderDetailDialog orderId={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}
