import { useState } from 'react';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { invoiceEndpoints, formatMoney, INVOICE_SORT_FIELDS, type Invoice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../../app/api/endpoint-client';
import { usePermission } from '../../app/auth/permissions';
import { useNotify } from '../../app/notifications/use-notify';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { getInvoices, INVOICES_QUERY_KEY } from './get-invoices';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import { InvoiceFilters, invoiceFilterQuery, NO_INVOICE_FILTERS } from './invoice-filters';
import { InvoiceStatus } from './invoice-status';
import { RunInvoicesDialog } from './run-invoices-dialog';

/**
 * `/invoices`: the tenant's invoices paged on the server, filtered by customer, status and months;
 * the monthly run, each invoice's detail with its actions, and the Excel download per customer.
 */
export function InvoiceListPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [filters, setFilters] = useState(NO_INVOICE_FILTERS);
  const [running, setRunning] = useState(false);
  const [openId, setOpenId] = useState<string>();
  const mayRun = usePermission('Homeward.Invoices.Create');
  const mayExport = usePermission('Homeward.Invoices.Export');
  const query = invoiceFilterQuery(filters);

  const columns = (): GridColDef<Invoice>[] => [
    {
      field: 'number',
      headerName: t('invoices:number'),
      width: 120,
      renderCell: ({ row }) => (
        <Link
          component="button"
          onClick={() => setOpenId(row.id)}
          aria-label={t('invoices:open', { number: row.number })}
        >
          {row.number}
        </Link>
      ),
    },
    { field: 'payerName', headerName: t('invoices:payer'), flex: 1, minWidth: 180 },
    { field: 'month', headerName: t('invoices:month'), width: 100 },
    { field: 'issuedDate', headerName: t('invoices:issuedDate'), width: 120 },
    { field: 'dueDate', headerName: t('invoices:dueDate'), width: 120 },
    {
      field: 'totalMinor',
      headerName: t('invoices:total'),
      width: 150,
      align: 'right',
      headerAlign: 'right',
      valueFormatter: (_value, row) => formatMoney(row.totalMinor, row.currency, i18n.language),
    },
    {
      field: 'status',
      headerName: t('invoices:status'),
      width: 120,
      renderCell: ({ row }) => <InvoiceStatus status={row.status} />,
    },
  ];

  const downloadExcel = () =>
    downloadEndpoint(
      invoiceEndpoints.export,
      { query: { customerId: query.customerId } },
      'invoices.xlsx',
    ).catch(() => notify.error(t('invoices:downloadFailed')));

  // Found by its filters (no search box); the filters are part of the query key, so a changed
  // filter is another list, fetched anew.
  const resource: CrudResource<Invoice, Record<string, never>, typeof query> = {
    queryKey: INVOICES_QUERY_KEY,
    titleKey: 'routes.invoices',
    entityKey: 'routes.invoices',
    columns,
    sortFields: INVOICE_SORT_FIELDS,
    getId: (invoice) => invoice.id,
    getName: (invoice) => String(invoice.number),
    searchable: false,
    fetchList: getInvoices,
    permissions: {},
  };

  return (
    <CrudListPage
      resource={resource}
      filters={
        <Stack
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 2, mb: 2 }}
        >
          <InvoiceFilters values={filters} onChange={setFilters} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {mayExport && (
              <Button
                variant="outlined"
                startIcon={<FileDownloadIcon />}
                onClick={() => void downloadExcel()}
              >
                {t('invoices:downloadExcel')}
              </Button>
            )}
            {mayRun && (
              <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={() => setRunning(true)}>
                {t('invoices:runInvoices')}
              </Button>
            )}
          </Stack>
        </Stack>
      }
      filterValues={query}
      gridTestId="invoice-grid"
    >
      {running && <RunInvoicesDialog onClose={() => setRunning(false)} />}
      {openId && (
        <InvoiceDetailDialog invoiceId={openId} onOpen={setOpenId} onClose={() => setOpenId(undefined)} />
      )}
    </CrudListPage>
  );
}
