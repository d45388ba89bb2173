import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Alarm } from '@homeward/contracts';

/**
 * The alarm list's columns: what, who, which watch, where it stands, how often and when last.
 * The minimum widths hold the longest kind, state and time in English and Danish ("Uden for
 * geofence", "Acknowledged") and together with the actions leave the table no wider than the
 * dashboard at 1280 px; names take what is left.
 */
export function alarmColumns(t: TFunction, language: string): GridColDef<Alarm>[] {
  return [
    {
      field: 'kind',
      headerName: t('alarms:kind'),
      flex: 1,
      minWidth: 160,
      valueFormatter: (value: Alarm['kind']) => t(`alarms:kinds.${value}`),
    },
    {
      field: 'citizenName',
      headerName: t('alarms:citizen'),
      flex: 1.5,
      minWidth: 110,
      sortable: false,
      valueFormatter: (value: string | null) => value ?? '—',
    },
    {
      field: 'deviceName',
      headerName: t('alarms:device'),
      flex: 1.5,
      minWidth: 110,
      sortable: false,
      valueFormatter: (value: string | null) => value ?? '—',
    },
    {
      field: 'state',
      headerName: t('alarms:state'),
      flex: 1,
      minWidth: 130,
      valueFormatter: (value: Alarm['state']) => t(`alarms:states.${value}`),
    },
    { field: 'count', headerName: t('alarms:count'), width: 80, sortable: false, type: 'number' },
    {
      field: 'lastAt',
      headerName: t('alarms:lastAt'),
      flex: 1,
      minWidth: 190,
      valueFormatter: (value: string) => new Date(value).toLocaleString(language),
    },
  ];
}
