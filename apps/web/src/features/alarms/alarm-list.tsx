import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Alarm, PagedRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { CrudRowActions } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { alarmColumns } from './alarm-columns';
import { AlarmFilterBar } from './alarm-filters';
import { ALARMS_QUERY_KEY, getAlarms, type AlarmFilters } from './get-alarms';
import { useAlarmActions } from './use-alarm-actions';

/** The columns the alarms endpoint sorts by (its repository's SORTABLE). */
const ALARM_SORT_FIELDS = ['kind', 'state', 'lastAt'] as const;

/**
 * The dashboard's alarm card: the tenant's alarms, newest first, filtered by state and kind on the
 * server, with Acknowledge / Handle where the user may and the alarm's state allows.
 */
export function AlarmList() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AlarmFilters>({});
  const { actionsOf, hasActions, dialog } = useAlarmActions();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" data-testid="alarm-list">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('alarms:title')}
      </Typography>
      <AlarmFilterBar value={filters} onChange={setFilters} />
      <ServerDataGrid<Alarm>
        queryKey={[...ALARMS_QUERY_KEY, filters]}
        fetchPage={(request: PagedRequest) => getAlarms(request, filters)}
        getRowId={(alarm) => alarm.id}
        filterKey={JSON.stringify(filters)}
        sortFields={ALARM_SORT_FIELDS}
        testId="alarms-grid"
        columns={[
          ...alarmColumns(t, i18n.language),
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
    </Paper>
  );
}
