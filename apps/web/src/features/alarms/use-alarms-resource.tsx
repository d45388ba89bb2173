import type { ReactNode } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import type { Alarm } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import type { CrudResource } from '../../components/crud/crud-resource';
import { alarmColumns } from './alarm-columns';
import { ALARMS_QUERY_KEY, getAlarms, type AlarmFilters } from './get-alarms';
import { useAlarmActions } from './use-alarm-actions';

/** The columns the alarms endpoint sorts by (its repository's SORTABLE). */
const ALARM_SORT_FIELDS = ['kind', 'state', 'lastAt', 'firstAt'] as const;

/**
 * The tenant's alarms as a `CrudListPage` resource: the filters select them on the server (no
 * free-text search), paged and sorted there, newest first, each linking to its timeline, with
 * Acknowledge / Handle where the user may and the state allows. A pushed alarm event refreshes the
 * list (the banner invalidates every alarms query). Render `dialog` inside the list page.
 */
export function useAlarmsResource({
  extraColumns = [],
  hiddenFields = [],
}: {
  extraColumns?: GridColDef<Alarm>[];
  /** Fields of the common columns this list leaves out (for room for its own). */
  hiddenFields?: readonly string[];
} = {}): { resource: CrudResource<Alarm, Record<string, never>, AlarmFilters>; dialog: ReactNode } {
  const { t, i18n } = useTranslation();
  const { rowActions, dialog } = useAlarmActions();
  const resource: CrudResource<Alarm, Record<string, never>, AlarmFilters> = {
    queryKey: ALARMS_QUERY_KEY,
    titleKey: 'routes.alarms',
    entityKey: 'alarms:entity',
    columns: () => [
      ...alarmColumns(t, i18n.language).filter((column) => !hiddenFields.includes(column.field)),
      ...extraColumns,
    ],
    sortFields: ALARM_SORT_FIELDS,
    getId: (alarm) => alarm.id,
    getName: (alarm) => alarm.id,
    searchable: false,
    // The request carries the page and the filters alike: the endpoint takes both in its query.
    fetchList: (request) => getAlarms(request),
    permissions: {},
    rowActions,
  };
  return { resource, dialog };
}
