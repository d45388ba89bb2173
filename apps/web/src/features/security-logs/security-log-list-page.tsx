import { useMemo, useState } from 'react';
import { SECURITY_LOG_SORT_FIELDS, type SecurityLog } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { exportSecurityLogs } from './export-security-logs';
import { getSecurityLogs, SECURITY_LOGS_QUERY_KEY } from './get-security-logs';
import { useSecurityLogColumns } from './security-log-columns';
import { EMPTY_SECURITY_LOG_FILTER, SecurityLogFilters, toSecurityLogFilter } from './security-log-filters';

type SecurityLogFilter = ReturnType<typeof toSecurityLogFilter>;

/** /identity-management/security-logs: the read-only sign-in and account event log. */
export function SecurityLogListPage() {
  const [values, setValues] = useState(EMPTY_SECURITY_LOG_FILTER);
  // Typing in the text filters sends one request once the user pauses.
  // Debounced as a string: a fresh object every render would restart the timer forever.
  const filterKey = useDebouncedValue(JSON.stringify(toSecurityLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as SecurityLogFilter, [filterKey]);
  const columns = useSecurityLogColumns();

  // Read-only, and found by its filters rather than a search box; the export takes the same filters.
  const resource: CrudResource<SecurityLog, Record<string, never>, SecurityLogFilter> = {
    queryKey: SECURITY_LOGS_QUERY_KEY,
    titleKey: 'identity:securityLogs.title',
    entityKey: 'identity:securityLogs.title',
    columns: () => columns,
    sortFields: SECURITY_LOG_SORT_FIELDS,
    getId: (log) => log.id,
    getName: (log) => log.id,
    searchable: false,
    fetchList: getSecurityLogs,
    exportList: ({ filter: _search, ...filters }) => exportSecurityLogs(filters),
    permissions: {},
  };

  return (
    <CrudListPage
      resource={resource}
      filters={<SecurityLogFilters values={values} onChange={setValues} />}
      filterValues={filter}
      gridTestId="security-log-grid"
    />
  );
}
