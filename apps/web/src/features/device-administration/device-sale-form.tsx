import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, type useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_CONDITIONS,
  DEVICE_SALE_TYPES,
  installValidationMessages,
  zUpdateDeviceConditionRequest,
  zUpdateDeviceSaleRequest,
  type AdministeredDevice,
} from '@homeward/contracts';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { updateDeviceCondition, updateDeviceSale } from './change-administered-device';
import { useDeviceSectionForm } from './use-device-section-form';

installValidationMessages();

type SaleForm = {
  readyForSale: boolean;
  saleType: string;
  purchaseDate: string;
  owner: string;
  operator: string;
  note: string;
};
type ConditionForm = {
  condition: string;
  diag: string;
  note: string;
};

/** A text field of a device form, with its translated field error. */
function FormText<T extends object>({
  form,
  name,
  ...props
}: { form: ReturnType<typeof useForm<T & Record<string, unknown>>>; name: string } & Parameters<
  typeof TextField
>[0]) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={name as never}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          value={field.value ?? ''}
          label={t(`deviceAdministration:fields.${name}`)}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message
              ? translateValidationMessage(t, fieldState.error.message, name)
              : props.helperText
          }
        />
      )}
    />
  );
}

/** The submit button of a device form. */
function SaveButton({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" variant="contained" disabled={disabled} sx={{ alignSelf: 'flex-start' }}>
      {t('deviceAdministration:actions.save')}
    </Button>
  );
}

/** Sale: ready for sale, sales type, purchase date, owner and operator. */
export function DeviceSaleForm({ device, readOnly }: { device: AdministeredDevice; readOnly: boolean }) {
  const { t } = useTranslation();
  const { form, submit, isPending } = useDeviceSectionForm<SaleForm>({
    schema: zUpdateDeviceSaleRequest,
    values: {
      readyForSale: device.readyForSale,
      saleType: device.saleType ?? '',
      purchaseDate: device.purchaseDate ?? '',
      owner: device.owner ?? '',
      operator: device.operator ?? '',
      note: '',
    },
    save: (values) => updateDeviceSale(device.id, values as never),
    savedMessageKey: 'deviceAdministration:toasts.saleSaved',
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('deviceAdministration:sections.sale')}>
      <Stack spacing={2}>
        <Controller
          control={form.control}
          name="readyForSale"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label={t('deviceAdministration:fields.readyForSale')}
              disabled={readOnly}
            />
          )}
        />
        <FormText form={form} name="saleType" select disabled={readOnly}>
          <MenuItem value="">{t('deviceAdministration:saleTypes.none')}</MenuItem>
          {DEVICE_SALE_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`deviceAdministration:saleTypes.${type}`)}
            </MenuItem>
          ))}
        </FormText>
        <FormText
          form={form}
          name="purchaseDate"
          type="date"
          disabled={readOnly}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormText form={form} name="owner" disabled={readOnly} />
        <FormText form={form} name="operator" disabled={readOnly} />
        {!readOnly && <FormText form={form} name="note" />}
        {!readOnly && <SaveButton disabled={isPending} />}
      </Stack>
    </form>
  );
}

/** The condition with its DIAG notes. */
export function DeviceConditionForm({ device, readOnly }: { device: AdministeredDevice; readOnly: boolean }) {
  const { t } = useTranslation();
  const { form, submit, isPending } = useDeviceSectionForm<ConditionForm>({
    schema: zUpdateDeviceConditionRequest,
    values: { condition: device.condition ?? '', diag: device.diag ?? '', note: '' },
    save: (values) => updateDeviceCondition(device.id, values as never),
    savedMessageKey: 'deviceAdministration:toasts.conditionSaved',
  });
  return (
    <form noValidate onSubmit={submit} aria-label={t('deviceAdministration:sections.condition')}>
      <Stack spacing={2}>
        <FormText form={form} name="condition" select disabled={readOnly}>
          <MenuItem value="">{t('deviceAdministration:conditions.none')}</MenuItem>
          {DEVICE_CONDITIONS.map((condition) => (
            <MenuItem key={condition} value={condition}>
              {t(`deviceAdministration:conditions.${condition}`)}
            </MenuItem>
          ))}
        </FormText>
        <FormText form={form} name="diag" multiline minRows={3} disabled={readOnly} />
        {!readOnly && <FormText form={form} name="note" />}
        {!readOnly && <SaveButton disabled={isPending} />}
      </Stack>
    </form>
  );
}
