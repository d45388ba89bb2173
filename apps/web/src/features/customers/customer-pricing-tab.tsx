import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  installValidationMessages,
  zCustomerDiscountRequest,
  type CustomerPricing,
} from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { CrudFormFieldInput } from '../../components/crud/crud-form-fields';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { CustomerPriceTable } from './customer-price-table';
import { resetCustomerPrices, setCustomerDiscount, useCustomerPricing } from './customer-pricing';
import { usePricingMutation } from './use-pricing-mutation';

installValidationMessages();

interface DiscountForm {
  discountPercentage: number;
}

/**
 * The Pricing tab: the customer's discount, every catalogue product with its list price, the
 * customer's own price and the net price, and "reset prices" back to the list.
 */
export function CustomerPricingTab({
  customerId,
  readOnly = false,
}: {
  customerId: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const pricing = useCustomerPricing(customerId);
  if (pricing.isPending) return <CircularProgress aria-label={t('identity:crud.loading')} />;
  if (pricing.isError) return <Alert severity="error">{t('identity:crud.loadFailed')}</Alert>;
  return <PricingContent customerId={customerId} pricing={pricing.data} readOnly={readOnly} />;
}

function PricingContent({
  customerId,
  pricing,
  readOnly,
}: {
  customerId: string;
  pricing: CustomerPricing;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const canManage = usePermission('Homeward.Customers.ManagePrices') && !readOnly;
  const [confirmReset, setConfirmReset] = useState(false);
  const resetTitleId = useId();
  const form = useForm<DiscountForm>({
    resolver: zodResolver(zCustomerDiscountRequest as never) as Resolver<DiscountForm>,
    defaultValues: { discountPercentage: pricing.discountPercentage },
  });
  const discount = usePricingMutation(
    (values: DiscountForm) => setCustomerDiscount(customerId, values),
    'customers:pricing.discountSaved',
  );
  const reset = usePricingMutation(() => resetCustomerPrices(customerId), 'customers:pricing.pricesReset');

  const submitDiscount = form.handleSubmit(async (values) => {
    try {
      await discount.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(error, ['discountPercentage'], form.setError);
    }
  });

  return (
    <Stack spacing={3}>
      <form noValidate onSubmit={submitDiscount} data-testid="discount-form">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start', maxWidth: 480 }}>
          <CrudFormFieldInput
            field={{
              kind: 'number',
              name: 'discountPercentage',
              labelKey: 'customers:pricing.discount',
              disabled: !canManage,
            }}
            control={form.control}
          />
          {canManage && (
            <Button
              type="submit"
              variant="contained"
              loading={discount.isPending}
              sx={{ whiteSpace: 'nowrap', mt: 1 }}
              data-testid="discount-save"
            >
              {t('customers:pricing.saveDiscount')}
            </Button>
          )}
        </Stack>
      </form>
      {pricing.items.length === 0 ? (
        <Alert severity="info">{t('customers:pricing.noProducts')}</Alert>
      ) : (
        <CustomerPriceTable customerId={customerId} pricing={pricing} canManage={canManage} />
      )}
      {canManage && pricing.items.length > 0 && (
        <div>
          <Button
            variant="outlined"
            color="error"
            onClick={() => setConfirmReset(true)}
            data-testid="prices-reset"
          >
            {t('customers:pricing.resetPrices')}
          </Button>
        </div>
      )}
      <Dialog
        open={confirmReset}
        onClose={() => setConfirmReset(false)}
        aria-labelledby={resetTitleId}
        data-testid="prices-reset-dialog"
      >
        <DialogTitle id={resetTitleId}>{t('customers:pricing.resetPrices')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('customers:pricing.resetQuestion')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReset(false)}>{t('identity:crud.cancel')}</Button>
          <Button
            variant="contained"
            color="error"
            loading={reset.isPending}
            data-testid="prices-reset-ok"
            onClick={async () => {
              await reset.mutateAsync(undefined).catch(() => undefined);
              setConfirmReset(false);
            }}
          >
            {t('customers:pricing.resetPrices')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
