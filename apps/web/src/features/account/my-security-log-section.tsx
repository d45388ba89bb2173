import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SECURITY_LOG_SORT_FIELDS, type SecurityLog } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { useSecurityLogColumns } from '../security-logs/security-log-columns';
import { EMPTY_SECURITY_LOG_FILTER, SecurityLogFilters } from '../security-logs/security-log-filters';
import { getMySecurityLogs, MY_SECURITY_LOGS_QUERY_KEY } from './get-my-security-logs';
import { toMySecurityLogFilter, type MySecurityLogFilter } from './my-security-log-filter';

/** Every entry is the caller's own, and the source is an internal detail: neither is a column here. */
const OWN_LOG_FIELDS = new Set(['createdAt', 'action', 'clientId', 'clientIpAddress', 'browserInfo']);

/** "Your sign-in activity": the signed-in user's own security-log entries, read-only and server-paged. */
export function MySecurityLogSection() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_SECURITY_LOG_FILTER);
  // Typing a date into a picker passes through valid dates (year 2, 20, 202 ...); one request is
  // sent once the user pauses. Debounced as a string: a fresh object would restart the timer.
  const filterKey = useDebouncedValue(JSON.stringify(toMySecurityLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as MySecurityLogFilter, [filterKey]);
  const allColumns = useSecurityLogColumns();
  const columns = allColumns.filter((column) => OWN_LOG_FIELDS.has(column.field));
  // Read-only, found by its filters rather than a search box.
  const resource: CrudResource<SecurityLog, Record<string, never>, MySecurityLogFilter> = {
    queryKey: MY_SECURITY_LOGS_QUERY_KEY,
    titleKey: 'profile:activity.title',
    entityKey: 'profile:activity.title',
    columns: () => columns,
    sortFields: SECURITY_LOG_SORT_FIELDS,
    getId: (log) => log.id,
    getName: (log) => log.id,
    searchable: false,
    fetchList: getMySecurityLogs,
    permissions: {},
  };

  return (
    <Box component="section" data-testid="account-security-log" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('profile:activity.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('profile:activity.description')}
      </Typography>
      <CrudListPage
        resource={resource}
        hideTitle
        filters={<SecurityLogFilters values={values} onChange={setValues} showUserAndClient={false} />}
        filterValues={filter}
        gridTestId="account-security-log-grid"
      />
    </Box>
  );
}
