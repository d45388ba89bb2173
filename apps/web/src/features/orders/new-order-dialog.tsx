import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CustomerOrder } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../app/api/api-request-error';
import { apiErrorText } from '../../components/forms/api-error-text';
import { useAvailableForOrder } from './get-available-for-order';
import { NewOrderFields } from './new-order-fields';
import {
  emptyOrderForm,
  serverOrderErrors,
  toOrderRequest,
  validateOrderForm,
  type OrderForm,
  type OrderFormErrors,
} from './order-form';
import { OrderedWatchesTable } from './ordered-watches-table';
import { usePlaceOrder } from './place-order';

export interface NewOrderDialogProps {
  customerId: string;
  customerName: string;
  /** The customer's organizations; the watches go to one of them. */
  organizations: { id: string; displayName: string }[];
  onClose(): void;
}

/**
 * "New order": a device family (with how many are for sale), how many watches, the customer's
 * organization they go to, and accessories with quantities. Once placed, it shows each reserved
 * watch's IMEI and activation code for the boxes.
 */
export function NewOrderDialog({ customerId, customerName, organizations, onClose }: NewOrderDialogProps) {
  const { t } = useTranslation();
  const stock = useAvailableForOrder();
  const place = usePlaceOrder();
  const [form, setForm] = useState<OrderForm>(() => emptyOrderForm(organizations.map((unit) => unit.id)));
  const [errors, setErrors] = useState<OrderFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [placed, setPlaced] = useState<CustomerOrder | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = validateOrderForm(customerId, form, stock.data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request = toOrderRequest(customerId, form);
    try {
      setPlaced(await place.mutateAsync(request));
    } catch (error) {
      setErrors(serverOrderErrors(error, request));
      // A refusal of the whole order (short stock) is said in the dialog as well as in the toast.
      if (error instanceof ApiRequestError && error.status === 409) setRefusal(apiErrorText(t, error));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-order-title">
      <DialogTitle id="new-order-title">{t('orders:newOrderTitle', { customer: customerName })}</DialogTitle>
      {placed ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success">{t('orders:placedIntro', { count: placed.watchCount })}</Alert>
              <OrderedWatchesTable devices={placed.devices} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              {t('orders:close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={submit} aria-label={t('orders:newOrder')}>
          <DialogContent>
            {stock.isPending ? (
              <CircularProgress aria-label={t('orders:loadingStock')} />
            ) : stock.isError ? (
              <Alert severity="error">{t('orders:stockLoadFailed')}</Alert>
            ) : (
              <Stack spacing={2} sx={{ pt: 1 }}>
                {refusal && <Alert severity="error">{refusal}</Alert>}
                {organizations.length === 0 && <Alert severity="info">{t('orders:noOrganization')}</Alert>}
                <NewOrderFields
                  form={form}
                  errors={errors}
                  stock={stock.data}
                  organizations={organizations}
                  onChange={(next) => setForm(next)}
                />
                {stock.data.items.length === 0 && stock.data.accessories.length === 0 && (
                  <Typography color="text.secondary">{t('orders:nothingToOrder')}</Typography>
                )}
              </Stack>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('orders:cancel')}</Button>
            <Button type="submit" variant="contained" loading={place.isPending} disabled={!stock.data}>
              {t('orders:place')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
