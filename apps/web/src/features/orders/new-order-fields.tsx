import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AvailableForOrderResponse } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import type { OrderForm, OrderFormErrors } from './order-form';

interface NewOrderFieldsProps {
  form: OrderForm;
  errors: OrderFormErrors;
  stock: AvailableForOrderResponse;
  organizations: { id: string; displayName: string }[];
  onChange(form: OrderForm): void;
}

const numberOf = (text: string): number | '' => (text === '' ? '' : Number(text));

/** The inputs of the new-order form, each with its label and its translated error. */
export function NewOrderFields({ form, errors, stock, organizations, onChange }: NewOrderFieldsProps) {
  const { t } = useTranslation();
  const errorOf = (field: string, label: string) =>
    errors[field] ? translateValidationMessage(t, errors[field], label) : undefined;
  const productLabel = t('orders:product');
  const quantityLabel = t('orders:quantity');
  const organizationLabel = t('orders:organization');
  const noteLabel = t('orders:note');
  return (
    <>
      <TextField
        select
        label={productLabel}
        value={form.productId}
        onChange={(event) => onChange({ ...form, productId: event.target.value })}
        error={!!errors.productId}
        helperText={errorOf('productId', productLabel)}
        fullWidth
      >
        <MenuItem value="">{t('orders:productNone')}</MenuItem>
        {stock.items.map((item) => (
          <MenuItem key={item.productId} value={item.productId}>
            {t('orders:productOption', { name: item.productName, count: item.available })}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="number"
        label={quantityLabel}
        value={form.quantity}
        disabled={!form.productId}
        onChange={(event) => onChange({ ...form, quantity: numberOf(event.target.value) })}
        error={!!errors.quantity}
        helperText={errorOf('quantity', quantityLabel)}
        slotProps={{ htmlInput: { min: 1 } }}
        fullWidth
      />
      {organizations.length > 0 && (
        <TextField
          select
          label={organizationLabel}
          value={form.organizationId}
          onChange={(event) => onChange({ ...form, organizationId: event.target.value })}
          error={!!errors.organizationId}
          helperText={errorOf('organizationId', organizationLabel) ?? t('orders:organizationHelper')}
          fullWidth
        >
          {organizations.map((unit) => (
            <MenuItem key={unit.id} value={unit.id}>
              {unit.displayName}
            </MenuItem>
          ))}
        </TextField>
      )}
      {stock.accessories.length > 0 && (
        <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            {t('orders:accessories')}
          </Typography>
          {stock.accessories.map((accessory) => {
            const field = `accessory.${accessory.productId}`;
            return (
              <TextField
                key={accessory.productId}
                type="number"
                label={accessory.productName}
                value={form.accessories[accessory.productId] ?? 0}
                onChange={(event) =>
                  onChange({
                    ...form,
                    accessories: { ...form.accessories, [accessory.productId]: numberOf(event.target.value) },
                  })
                }
                error={!!errors[field]}
                helperText={
                  errorOf(field, accessory.productName) ?? t('orders:inStock', { count: accessory.count })
                }
                slotProps={{ htmlInput: { min: 0 } }}
                fullWidth
              />
            );
          })}
        </Stack>
      )}
      <TextField
        label={noteLabel}
        value={form.note}
        onChange={(event) => onChange({ ...form, note: event.target.value })}
        error={!!errors.note}
        helperText={errorOf('note', noteLabel)}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
}
