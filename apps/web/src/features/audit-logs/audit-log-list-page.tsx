import { useMemo, useState } from 'react';
import { AUDIT_LOG_SORT_FIELDS, type AuditLog } from '@homeward/contracts';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { AuditLogDetailDialog } from './audit-log-detail-dialog';
import { useAuditLogColumns } from './audit-log-columns';
import { AuditLogFilters, EMPTY_AUDIT_LOG_FILTER, toAuditLogFilter } from './audit-log-filters';
import { EntityHistoryDialog } from './entity-history-dialog';
import { AUDIT_LOGS_QUERY_KEY, getAuditLogs } from './get-audit-logs';
import type { EntityRef } from './get-entity-history';

type AuditLogFilter = ReturnType<typeof toAuditLogFilter>;

/** /audit-logs: the recorded API requests, each with the entity changes it made. */
export function AuditLogListPage() {
  const [values, setValues] = useState(EMPTY_AUDIT_LOG_FILTER);
  // Debounced as a string: a fresh object every render would restart the timer forever.
  const filterKey = useDebouncedValue(JSON.stringify(toAuditLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as AuditLogFilter, [filterKey]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<EntityRef | null>(null);
  const columns = useAuditLogColumns((log) => setOpenId(log.id));

  // Read-only, and found by its filters rather than a search box.
  const resource: CrudResource<AuditLog, Record<string, never>, AuditLogFilter> = {
    queryKey: AUDIT_LOGS_QUERY_KEY,
    titleKey: 'audit:title',
    entityKey: 'audit:detail.title',
    columns: () => columns,
    sortFields: AUDIT_LOG_SORT_FIELDS,
    getId: (log) => log.id,
    getName: (log) => log.id,
    searchable: false,
    fetchList: getAuditLogs,
    permissions: {},
  };

  return (
    <CrudListPage
      resource={resource}
      filters={<AuditLogFilters values={values} onChange={setValues} />}
      filterValues={filter}
      gridTestId="audit-log-grid"
    >
      <AuditLogDetailDialog
        auditLogId={openId}
        onClose={() => setOpenId(null)}
        onShowHistory={setHistoryOf}
      />
      <EntityHistoryDialog entity={historyOf} onClose={() => setHistoryOf(null)} />
    </CrudListPage>
  );
}
