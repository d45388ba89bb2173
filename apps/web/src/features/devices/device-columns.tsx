import type { GridColDef } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import type { Device } from '@homeward/contracts';

/** The columns both device tables show: who, state, battery, last seen, organization. */
export function deviceColumns(t: TFunction, language: string): GridColDef<Device>[] {
  return [
    { field: 'name', headerName: t('devices:name'), flex: 2, minWidth: 160 },
    { field: 'imei', headerName: t('devices:imei'), flex: 1, minWidth: 160 },
    {
      field: 'status',
      headerName: t('devices:status'),
      flex: 1,
      // The longest status in full in English and Danish ("Advarsel om lavt batteri håndteret").
      minWidth: 260,
      valueFormatter: (value: Device['status']) => t(`devices:statuses.${value}`),
    },
    {
      field: 'battery',
      headerName: t('devices:battery'),
      width: 110,
      valueFormatter: (value: number | null) =>
        value === null ? '—' : t('devices:batteryPercent', { value }),
    },
    {
      field: 'networkStatus',
      headerName: t('devices:networkStatus'),
      width: 130,
      valueFormatter: (value: Device['networkStatus']) => t(`devices:networkStatuses.${value}`),
    },
    {
      field: 'lastSeenAt',
      headerName: t('devices:lastSeen'),
      flex: 1,
      minWidth: 190,
      valueFormatter: (value: string | null) =>
        value ? new Date(value).toLocaleString(language) : t('devices:never'),
    },
    { field: 'organizationName', headerName: t('devices:organization'), flex: 1, minWidth: 190 },
    {
      field: 'location',
      headerName: t('devices:location'),
      // Room for a no-fix location in full in Danish ("56.15720, 10.21070 (intet GPS-fix)").
      width: 270,
      sortable: false,
      valueFormatter: (value: Device['location']) => {
        if (!value) return '—';
        const position = `${value.lat.toFixed(5)}, ${value.lon.toFixed(5)}`;
        return value.valid ? position : t('devices:locationNoFix', { position });
      },
    },
  ];
}
