import { useMemo, useState } from 'react';
import { SECURITY_LOG_SORT_FIELDS } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { ScreenTitle } from '../../components/screen-title';
import { ExportButton } from '../../components/crud/export-button';
import { exportSecurityLogs } from './export-security-logs';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { getSecurityLogs, SECURITY_LOGS_QUERY_KEY } from './get-security-logs';
import { useSecurityLogColumns } from './security-log-columns';
import { EMPTY_SECURITY_LOG_FILTER, SecurityLogFilters, toSecurityLogFilter } from './security-log-filters';

/** /identity-management/security-logs: the read-only sign-in and account event log. */
export function SecurityLogListPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_SECURITY_LOG_FILTER);
  // Typing in the text filters sends one request once the user pauses.
  // Debounced as a string: a fresh object every render would restart the timer forever.
  const filterKey = useDebouncedValue(JSON.stringify(toSecurityLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as ReturnType<typeof toSecurityLogFilter>, [filterKey]);

  const columns = useSecurityLogColumns();

  return (
    <>
      <ScreenTitle>{t('identity:securityLogs.title')}</ScreenTitle>
      <SecurityLogFilters values={values} onChange={setValues} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1 }}>
        <ExportButton onExport={() => exportSecurityLogs(filter)} />
      </Stack>
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
