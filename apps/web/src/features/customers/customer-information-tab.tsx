import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { installValidationMessages, zSaveCustomerRequest, type Customer } from '@homeward/contracts';
import { usePermission } from '../../app/auth/permissions';
import { CrudFormFieldInput } from '../../components/crud/crud-form-fields';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { CUSTOMER_FORM_FIELDS, customerFormValues, type CustomerForm } from './customer-form-fields';
import { CUSTOMERS_QUERY_KEY } from './get-customers';
import { updateCustomer } from './save-customer';

installValidationMessages();

/**
 * The Information tab: every field of the customer, editable with Customers.Edit, and the
 * organizations linked to it (set on the organizations screen).
 */
export function CustomerInformationTab({
  customer,
  readOnly = false,
}: {
  customer: Customer;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const canEdit = usePermission('Homeward.Customers.Edit') && !readOnly;
  const [saving, setSaving] = useState(false);
  const form = useForm<CustomerForm>({
    resolver: zodResolver(zSaveCustomerRequest as never) as Resolver<CustomerForm>,
    defaultValues: customerFormValues(customer),
  });
  const save = useCrudMutation({
    mutationFn: (values: CustomerForm) => updateCustomer(customer.id, values),
    queryKey: CUSTOMERS_QUERY_KEY,
    entityKey: 'customers:entity',
    operation: 'update',
  });
  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await save.mutateAsync(values);
    } catch (error) {
      applyServerFieldErrors(
        error,
        CUSTOMER_FORM_FIELDS.map((field) => field.name),
        form.setError,
      );
    } finally {
      setSaving(false);
    }
  });
  const fields = CUSTOMER_FORM_FIELDS.map((field) => ({ ...field, disabled: !canEdit }));

  return (
    <form noValidate onSubmit={submit} data-testid="customer-information-form">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {fields.map((field) => (
          <Box key={field.name} sx={field.kind === 'textarea' ? { gridColumn: '1 / -1' } : undefined}>
            <CrudFormFieldInput field={field} control={form.control} />
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 2 }} data-testid="customer-linked-organizations">
        <Typography variant="subtitle2" gutterBottom>
          {t('customers:linkedOrganizations')}
        </Typography>
        {customer.linkedOrganizations?.length ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {customer.linkedOrganizations.map((organization) => (
              <Chip
                key={organization.id}
                label={organization.displayName}
                component={RouterLink}
                to="/organizaitons"
                clickable
              />
            ))}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('customers:noLinkedOrganizations')}
          </Typography>
        )}
      </Box>
      {canEdit && (
        <Button type="submit" variant="contained" loading={saving} sx={{ mt: 2 }} data-testid="customer-save">
          {t('customers:save')}
        </Button>
      )}
    </form>
  );
}
