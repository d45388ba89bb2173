import { useMemo, useState } from 'react';
import { AUDIT_LOG_SORT_FIELDS } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { ScreenTitle } from '../../components/screen-title';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { AuditLogDetailDialog } from './audit-log-detail-dialog';
import { useAuditLogColumns } from './audit-log-columns';
import { AuditLogFilters, EMPTY_AUDIT_LOG_FILTER, toAuditLogFilter } from './audit-log-filters';
import { EntityHistoryDialog } from './entity-history-dialog';
import { AUDIT_LOGS_QUERY_KEY, getAuditLogs } from './get-audit-logs';
import type { EntityRef } from './get-entity-history';

/** /audit-logs: the recorded API requests, each with the entity changes it made. */
export function AuditLogListPage() {
  const { t } = useTranslation();
  const [values, setValues] = useState(EMPTY_AUDIT_LOG_FILTER);
  // Debounced as a string: a fresh object every render would restart the timer forever.
  const filterKey = useDebouncedValue(JSON.stringify(toAuditLogFilter(values)));
  const filter = useMemo(() => JSON.parse(filterKey) as ReturnType<typeof toAuditLogFilter>, [filterKey]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [historyOf, setHistoryOf] = useState<EntityRef | null>(null);
  const columns = useAuditLogColumns((log) => setOpenId(log.id));

  return (
    <>
      <ScreenTitle>{t('audit:title')}</ScreenTitle>
      <AuditLogFilters values={values} onChange={setValues} />
      <ServerDataGrid
        queryKey={[...AUDIT_LOGS_QUERY_KEY, filter]}
        fetchPage={(request) => getAuditLogs({ ...request, ...filter })}
        columns={columns}
        sortFields={AUDIT_LOG_SORT_FIELDS}
        getRowId={(log) => log.id}
        filterKey={filterKey}
        testId="audit-log-grid"
      />
      <AuditLogDetailDialog
        auditLogId={openId}
        onClose={() => setOpenId(null)}
        onShowHistory={setHistoryOf}
      />
      <EntityHistoryDialog entity={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
