import { useState } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { DEVICE_SORT_FIELDS, type Device, type PagedRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { CrudRowActions, type RowActionButton } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { deviceColumns } from './device-columns';
import { DeviceFilterBar } from './device-filters';
import { useDeviceRowActions } from './device-row-actions';
import { useLiveDeviceStates } from './live-device-states';
import { DEVICES_QUERY_KEY, getDevices, type DeviceFilters } from './get-devices';

/**
 * The dashboard's device table: filters, server paging and sorting, the row actions the user may
 * use (terminal, edit name and organization, activation code, delete), and live states pushed over
 * the realtime connection. The devices screen shows the same list on `CrudListPage`.
 */
export function DeviceTable({ testId = 'devices-grid' }: { testId?: string }) {
  const { t, i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const [filters, setFilters] = useState<DeviceFilters>({});
  const { rowActions, dialogs } = useDeviceRowActions();
  useLiveDeviceStates();

  const actionsOf = (device: Device): RowActionButton[] =>
    rowActions
      .filter((action) => action.permission === undefined || policies[action.permission] === true)
      .map((action) => ({
        testId: `${action.id}-${device.imei}`,
        labelKey: action.labelKey,
        icon: action.icon,
        onClick: () => action.onClick(device),
      }));
  return (
    <>
      <DeviceFilterBar value={filters} onChange={setFilters} />
      <ServerDataGrid<Device>
        queryKey={[...DEVICES_QUERY_KEY, filters]}
        fetchPage={(request: PagedRequest) => getDevices(request, filters)}
        getRowId={(device) => device.id}
        filterKey={JSON.stringify(filters)}
        sortFields={DEVICE_SORT_FIELDS}
        testId={testId}
        columns={[
          ...deviceColumns(t, i18n.language),
          {
            field: '__actions',
            headerName: t('identity:crud.actions'),
            sortable: false,
            filterable: false,
            disableColumnMenu: true,
            minWidth: 140,
            renderCell: ({ row }: { row: Device }) => <CrudRowActions actions={actionsOf(row)} />,
          } satisfies GridColDef<Device>,
        ]}
      />
      {dialogs}
    </>
  );
}
