import type { GridColDef } from '@mui/x-data-grid';
import type { Alarm, PagedRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudRowActions } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { alarmColumns } from './alarm-columns';
import { ALARMS_QUERY_KEY, getAlarms, type AlarmFilters } from './get-alarms';
import { useAlarmActions } from './use-alarm-actions';

/** The columns the alarms endpoint sorts by (its repository's SORTABLE). */
const ALARM_SORT_FIELDS = ['kind', 'state', 'lastAt', 'firstAt'] as const;

/**
 * The tenant's alarms the filters select, paged and sorted on the server, newest first, each
 * linking to its timeline, with Acknowledge / Handle where the user may and the state allows. A
 * pushed alarm event refreshes it (the banner invalidates every alarms query).
 */
export function AlarmGrid({
  filters,
  extraColumns = [],
  hiddenFields = [],
  testId = 'alarms-grid',
}: {
  filters: AlarmFilters;
  extraColumns?: GridColDef<Alarm>[];
  /** Fields of the common columns this list leaves out (for room for its own). */
  hiddenFields?: readonly string[];
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const { actionsOf, hasActions, dialog } = useAlarmActions();
  return (
    <>
      <ServerDataGrid<Alarm>
        queryKey={[...ALARMS_QUERY_KEY, filters]}
        fetchPage={(request: PagedRequest) => getAlarms(request, filters)}
        getRowId={(alarm) => alarm.id}
        filterKey={JSON.stringify(filters)}
        sortFields={ALARM_SORT_FIELDS}
        testId={testId}
        refetchOnMount
        columns={[
          ...alarmColumns(t, i18n.language).filter((column) => !hiddenFields.includes(column.field)),
          ...extraColumns,
          ...(hasActions
            ? [
                {
                  field: '__actions',
                  headerName: t('identity:crud.actions'),
                  sortable: false,
                  filterable: false,
                  disableColumnMenu: true,
                  minWidth: 110,
                  renderCell: ({ row }: { row: Alarm }) => <CrudRowActions actions={actionsOf(row)} />,
                } satisfies GridColDef<Alarm>,
              ]
            : []),
        ]}
      />
      {dialog}
    </>
  );
}
