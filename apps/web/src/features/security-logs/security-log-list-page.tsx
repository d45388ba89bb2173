import { useMemo, useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { SECURITY_LOG_SORT_FIELDS, type SecurityLog } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { getSecurityLogs, SECURITY_LOGS_QUERY_KEY } from './get-security-logs';
import { EMPTY_SECURITY_LOG_FILTER, SecurityLogFilters, toSecurityLogFilter } from './security-log-filters';

/** /identity-management/security-logs: the read-only sign-in and account event log. */
export function SecurityLogListPage() {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState(EMPTY_SECURITY_LOG_FILTER);
  // Typing in the text filters sends one request once the user pauses.
  // Debounced as a string: a fresh object every render would restart the timer forever.
  const filterKey = useDebouncedValue(JSON.stringify(toSecurityLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as ReturnType<typeof toSecurityLogFilter>, [filterKey]);

  const columns: GridColDef<SecurityLog>[] = [
    {
      field: 'createdAt',
      headerName: t('identity:securityLogs.time'),
      width: 190,
      valueFormatter: (value: string) =>
        new Date(value).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }),
    },
    {
      field: 'action',
      headerName: t('identity:securityLogs.action'),
      flex: 1,
      minWidth: 180,
      valueFormatter: (value: string) => t(`identity:securityLogs.actions.${value}`, { defaultValue: value }),
    },
    { field: 'userName', headerName: t('identity:securityLogs.userName'), flex: 1, minWidth: 140 },
    { field: 'clientId', headerName: t('identity:securityLogs.clientId'), flex: 1, minWidth: 120 },
    {
      field: 'clientIpAddress',
      headerName: t('identity:securityLogs.clientIpAddress'),
      width: 140,
    },
    { field: 'identity', headerName: t('identity:securityLogs.identity'), width: 130 },
    { field: 'browserInfo', headerName: t('identity:securityLogs.browserInfo'), flex: 1 },
  ];

  return (
    <>
      <ScreenTitle>{t('identity:securityLogs.title')}</ScreenTitle>
      <SecurityLogFilters values={values} onChange={setValues} />
      <ServerDataGrid
        queryKey={[...SECURITY_LOGS_QUERY_KEY, filter]}
        fetchPage={(request) => getSecurityLogs({ ...request, ...filter })}
        columns={columns}
        sortFields={SECURITY_LOG_SORT_FIELDS}
        getRowId={(log) => log.id}
        filterKey={filterKey}
        testId="security-log-grid"
      />
    </>
  );
}
