import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import TerminalIcon from '@mui/icons-material/Terminal';
import { useNavigate } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import { DEVICE_SORT_FIELDS, type Device, type PagedRequest } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConfirmDeleteDialog } from '../../components/crud/confirm-delete-dialog';
import { CrudRowActions, type RowActionButton } from '../../components/crud/crud-row-actions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { useDeleteDevice } from './delete-device';
import { deviceColumns } from './device-columns';
import { DeviceFilterBar } from './device-filters';
import { ActivationCodeDialog } from './activation-code-dialog';
import { EditDeviceDialog } from './edit-device-dialog';
import { useLiveDeviceStates } from './live-device-states';
import { DEVICES_QUERY_KEY, getDevices, type DeviceFilters } from './get-devices';

type Dialog = { kind: 'edit' | 'delete' | 'code'; device: Device } | null;

interface DeviceTableProps {
  /** Debounced free-text search (name, IMEI, serial number, Stella ID). */
  search?: string;
  /** Extra columns after the common ones (the registry screen shows its identifiers). */
  extraColumns?: GridColDef<Device>[];
  testId?: string;
}

/**
 * The device table of the dashboard and the devices screen: filters, server paging and sorting,
 * the row actions the user may use (terminal, edit name and organization, activation code, delete),
 * and live states
 * pushed over the realtime connection.
 */
export function DeviceTable({ search = '', extraColumns = [], testId = 'devices-grid' }: DeviceTableProps) {
  const { t, i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const [filters, setFilters] = useState<DeviceFilters>({});
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteDevice();
  const navigate = useNavigate();
  useLiveDeviceStates();

  const actionsOf = (device: Device): RowActionButton[] => [
    // Everyone who sees the table may open the terminal (its buttons check their own permissions).
    {
      testId: `device-terminal-${device.imei}`,
      labelKey: 'devices:terminal.open',
      icon: <TerminalIcon fontSize="small" />,
      onClick: () => void navigate(`/devices/${device.id}/terminal`),
    },
    ...(policies['Homeward.Devices.Edit']
      ? [
          {
            testId: `device-edit-${device.imei}`,
            labelKey: 'identity:crud.edit',
            icon: <EditIcon fontSize="small" />,
            onClick: () => setDialog({ kind: 'edit', device }),
          },
        ]
      : []),
    ...(policies['Homeward.Devices.ActivationCodes']
      ? [
          {
            testId: `device-code-${device.imei}`,
            labelKey: 'devices:codes.show',
            icon: <QrCodeIcon fontSize="small" />,
            onClick: () => setDialog({ kind: 'code', device }),
          },
        ]
      : []),
    ...(policies['Homeward.Devices.Delete']
      ? [
          {
            testId: `device-delete-${device.imei}`,
            labelKey: 'identity:crud.delete',
            icon: <DeleteIcon fontSize="small" />,
            onClick: () => setDialog({ kind: 'delete', device }),
          },
        ]
      : []),
  ];
  return (
    <>
      <DeviceFilterBar value={filters} onChange={setFilters} />
      <ServerDataGrid<Device>
        queryKey={[...DEVICES_QUERY_KEY, filters]}
        fetchPage={(request: PagedRequest) => getDevices(request, filters)}
        getRowId={(device) => device.id}
        search={search}
        filterKey={JSON.stringify(filters)}
        sortFields={DEVICE_SORT_FIELDS}
        testId={testId}
        columns={[
          ...deviceColumns(t, i18n.language),
          ...extraColumns,
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
      {dialog?.kind === 'edit' && <EditDeviceDialog device={dialog.device} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'code' && (
        <ActivationCodeDialog device={dialog.device} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDeleteDialog
          open
          name={t('devices:deleteText', { name: dialog.device.name, imei: dialog.device.imei })}
          onConfirm={() => remove.mutateAsync(dialog.device.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}
