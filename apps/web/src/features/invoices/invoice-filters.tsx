import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVOICE_STATUSES, zInvoiceMonth } from '@homeward/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CUSTOMERS_QUERY_KEY, getCustomers } from '../customers/get-customers';

/** The list's filters as the page keeps them; empty means "any". */
export interface InvoiceFilterValues {
  customerId: string;
  status: string;
  fromMonth: string;
  toMonth: string;
}

export const NO_INVOICE_FILTERS: InvoiceFilterValues = {
  customerId: '',
  status: '',
  fromMonth: '',
  toMonth: '',
};

/** The filters the server gets: months only once they are whole (`2025-06`), so typing does not fail. */
export function invoiceFilterQuery(values: InvoiceFilterValues) {
  const month = (value: string) => (zInvoiceMonth.safeParse(value).success ? value : undefined);
  return {
    customerId: values.customerId || undefined,
    status: values.status === '' ? undefined : Number(values.status),
    fromMonth: month(values.fromMonth),
    toMonth: month(values.toMonth),
  };
}

/** Customer, status and a range of months above the invoice list. */
export function InvoiceFilters({
  values,
  onChange,
}: {
  values: InvoiceFilterValues;
  onChange(values: InvoiceFilterValues): void;
}) {
  const { t } = useTranslation();
  const customers = useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'invoice-filter'],
    queryFn: () => getCustomers({ skipCount: 0, maxResultCount: 1000, sorting: 'name asc' }),
  });
  const set = (patch: Partial<InvoiceFilterValues>) => onChange({ ...values, ...patch });
  const monthError = (value: string) => value !== '' && !zInvoiceMonth.safeParse(value).success;
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ flexWrap: 'wrap', rowGap: 2 }}
      role="search"
      aria-label={t('invoices:filtersLabel')}
    >
      <TextField
        select
        size="small"
        sx={{ minWidth: 220 }}
        label={t('invoices:customer')}
        value={values.customerId}
        onChange={(event) => set({ customerId: event.target.value })}
      >
        <MenuItem value="">{t('invoices:allCustomers')}</MenuItem>
        {(customers.data?.items ?? []).map((customer) => (
          <MenuItem key={customer.id} value={customer.id}>
            {customer.tenantName ? `${customer.name} (${customer.tenantName})` : customer.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={t('invoices:statusFilter')}
        value={values.status}
        onChange={(event) => set({ status: event.target.value })}
      >
        <MenuItem value="">{t('invoices:allStatuses')}</MenuItem>
        {Object.entries(INVOICE_STATUSES).map(([name, value]) => (
          <MenuItem key={name} value={String(value)}>
            {t(`invoices:statuses.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      {(['fromMonth', 'toMonth'] as const).map((field) => (
        <TextField
          key={field}
          size="small"
          sx={{ width: 140 }}
          label={t(`invoices:${field}`)}
          placeholder="YYYY-MM"
          value={values[field]}
          error={monthError(values[field])}
          helperText={monthError(values[field]) ? t('invoices:monthHelper') : undefined}
          onChange={(event) => set({ [field]: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 7 } }}
        />
      ))}
    </Stack>
  );
}
