import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import type { AuditLog } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/** The audit log's grid columns; the last opens an entry's details. */
export function useAuditLogColumns(onOpen: (log: AuditLog) => void): GridColDef<AuditLog>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      field: 'executionTime',
      headerName: t('audit:fields.executionTime'),
      width: 180,
      valueFormatter: (value: string) =>
        new Date(value).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    },
    { field: 'httpMethod', headerName: t('audit:fields.httpMethod'), width: 90 },
    { field: 'url', headerName: t('audit:fields.url'), flex: 2, minWidth: 220 },
    { field: 'statusCode', headerName: t('audit:fields.statusCode'), width: 90 },
    { field: 'durationMs', headerName: t('audit:fields.durationMs'), width: 130 },
    { field: 'userName', headerName: t('audit:fields.userName'), flex: 1, minWidth: 130 },
    { field: 'clientIp', headerName: t('audit:fields.clientIp'), width: 130 },
    {
      field: 'exceptions',
      headerName: t('audit:fields.hasException'),
      width: 100,
      valueFormatter: (value: string | null) => (value ? t('audit:filters.yes') : ''),
    },
    {
      field: 'actions',
      // A column header a screen reader can announce, like every list's last column.
      headerName: t('identity:crud.actions'),
      width: 120,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => onOpen(row)} data-testid={`audit-log-open-${row.id}`}>
          {t('audit:details')}
        </Button>
      ),
    },
  ];
}
