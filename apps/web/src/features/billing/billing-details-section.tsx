import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  installValidationMessages,
  zBillingDetailsRequest,
  type BillingDetails,
  type BillingDetailsRequest,
} from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { fieldErrorMessages } from '../../components/forms/field-error-messages';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useBillingDetails } from './api/get-billing-details';
import { useSaveBillingDetails } from './api/save-billing-details';
import { billingFailureText } from './billing-failure-text';
import { BillingSection, SectionLoading, SectionLoadingFailed } from './billing-section';

installValidationMessages();

type DetailsFormValues = Record<keyof BillingDetails, string>;

/** The spec's billing details, in the order of an address label; `wide` fields span the form. */
const FIELDS: { name: keyof BillingDetails; autoComplete?: string; wide?: boolean; required?: boolean }[] = [
  { name: 'name', autoComplete: 'name', required: true },
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'vatNumber', autoComplete: 'off' },
  { name: 'address', autoComplete: 'address-line2' },
  { name: 'street', autoComplete: 'address-line1', required: true },
  { name: 'zip', autoComplete: 'postal-code', required: true },
  { name: 'city', autoComplete: 'address-level2', required: true },
  { name: 'county', autoComplete: 'address-level1' },
  { name: 'country', autoComplete: 'country', required: true },
  { name: 'additionalInfo', wide: true },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);

/** A new household's form starts in Denmark, where the product is sold. */
function valuesOf(details: BillingDetails | undefined): DetailsFormValues {
  const values = Object.fromEntries(
    FIELD_NAMES.map((name) => [name, details?.[name] ?? '']),
  ) as DetailsFormValues;
  if (!values.country) values.country = 'DK';
  return values;
}

/** The billing details form: checked with the server's own rules, its field errors at the fields. */
function BillingDetailsForm({ details, canEdit }: { details: BillingDetails; canEdit: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useSaveBillingDetails();
  const { control, handleSubmit, reset, setError } = useForm<DetailsFormValues>({
    resolver: zodResolver(zBillingDetailsRequest) as unknown as Resolver<DetailsFormValues>,
    defaultValues: valuesOf(details),
  });
  useEffect(() => reset(valuesOf(details)), [details, reset]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values as BillingDetailsRequest);
      notify.success(t('billingAccount:details.saved'));
    } catch (error) {
      applyServerFieldErrors(error, FIELD_NAMES, setError);
      notify.error(t('billingAccount:details.saveFailed', { reason: billingFailureText(t, error) }));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="billing-details-form">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {FIELDS.map((field) => (
          <Controller
            key={field.name}
            name={field.name}
            control={control}
            render={({ field: input, fieldState }) => {
              const label = t(`billingAccount:details.fields.${field.name}`);
              const message = fieldErrorMessages(fieldState.error)[0];
              return (
                <TextField
                  {...input}
                  label={label}
                  required={field.required}
                  disabled={!canEdit || save.isPending}
                  autoComplete={field.autoComplete}
                  multiline={field.wide}
                  minRows={field.wide ? 2 : undefined}
                  error={!!message}
                  helperText={
                    message
                      ? translateValidationMessage(t, message, label)
                      : field.name === 'country'
                        ? t('billingAccount:details.countryHelp')
                        : undefined
                  }
                  sx={field.wide ? { gridColumn: '1 / -1' } : undefined}
                  slotProps={{ htmlInput: { 'data-testid': `billing-details-${field.name}` } }}
                />
              );
            }}
          />
        ))}
      </Box>
      {canEdit && (
        <Box sx={{ mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            data-testid="billing-details-save"
          >
            {t('billingAccount:details.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The name and address invoices are made out to (spec §3 billing details). */
export function BillingDetailsSection() {
  const { t } = useTranslation();
  const details = useBillingDetails();
  const canEdit = usePermission('Homeward.Billing.ManageSubscription');
  return (
    <BillingSection id="billing-details" title={t('billingAccount:details.title')}>
      {details.isError ? (
        <SectionLoadingFailed onRetry={() => void details.refetch()} />
      ) : details.isPending ? (
        <SectionLoading label={t('billingAccount:details.loading')} />
      ) : (
        <BillingDetailsForm details={details.data.details} canEdit={canEdit} />
      )}
    </BillingSection>
  );
}
