import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Alarm } from '@homeward/contracts';
import { Link as RouterLink } from 'react-router';
import { formatDuration } from './alarm-durations';

/**
 * The alarm list's columns: what, who, which watch, where it stands, how often and when last.
 * The minimum widths hold the longest kind, state and time in English and Danish ("Uden for
 * geofence", "Acknowledged") and together with the actions leave the table no wider than the
 * dashboard at 1280 px; names take what is left. The kind links to the alarm with its timeline.
 */
export function alarmColumns(t: TFunction, language: string): GridColDef<Alarm>[] {
  return [
    {
      field: 'kind',
      headerName: t('alarms:kind'),
      flex: 1,
      minWidth: 160,
      valueFormatter: (value: Alarm['kind']) => t(`alarms:kinds.${value}`),
      renderCell: ({ row, formattedValue }) => (
        <Link component={RouterLink} to={`/alarms/${row.id}`} data-testid={`alarm-open-${row.id}`}>
          {formattedValue}
        </Link>
      ),
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

/** The alarm center's extra columns: when raised, and how long acknowledging and handling took. */
export function alarmTimeColumns(t: TFunction, language: string): GridColDef<Alarm>[] {
  // A closed alarm that skipped the step (handled straight from open, or cleared) never will.
  const duration = (value: number | null, alarm: Alarm) =>
    value !== null
      ? formatDuration(t, value, language)
      : alarm.state === 'handled' || alarm.state === 'cleared'
        ? '—'
        : t('alarms:notYet');
  return [
    {
      field: 'firstAt',
      headerName: t('alarms:firstAt'),
      flex: 1,
      minWidth: 175,
      valueFormatter: (value: string) => new Date(value).toLocaleString(language),
    },
    {
      field: 'secondsToAcknowledge',
      headerName: t('alarms:timeToAcknowledge'),
      description: t('alarms:timeToAcknowledge'),
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueFormatter: duration,
    },
    {
      field: 'secondsToHandle',
      headerName: t('alarms:timeToHandle'),
      description: t('alarms:timeToHandle'),
      flex: 1,
      minWidth: 130,
      sortable: false,
      valueFormatter: duration,
    },
  ];
}
