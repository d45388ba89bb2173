import { useState } from 'react';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { DEVICE_SORT_FIELDS, deviceEndpoints, type Device } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { downloadEndpoint } from '../../app/api/endpoint-client';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { useLoadedConfiguration } from '../../app/configuration/get-app-configuration';
import { CrudListPage } from '../../components/crud/crud-list-page';
import type { CrudResource } from '../../components/crud/crud-resource';
import { AddDeviceDialog } from './add-device-dialog';
import { DeviceBatchDialog } from './device-batch-dialog';
import { deviceColumns } from './device-columns';
import { DeviceFilterBar } from './device-filters';
import { useDeviceRowActions } from './device-row-actions';
import { DEVICES_QUERY_KEY, getDevices, type DeviceFilters } from './get-devices';
import { HouseholdDeviceList } from './household-device-list';
import { useLiveDeviceStates } from './live-device-states';

/**
 * /devices. For a plug-and-play household, its watches (connect, rename, disconnect); for staff,
 * the registry: search, filters, export, activation-code labels, register one watch or a CSV file
 * of them, and the identifiers (serial number, Stella ID, product instance data) next to the live
 * columns.
 */
export function DeviceListPage() {
  const isPlugAndPlay = useLoadedConfiguration()?.isPlugAndPlay ?? false;
  return isPlugAndPlay ? <HouseholdDeviceList /> : <DeviceRegistryPage />;
}

function DeviceRegistryPage() {
  const { t, i18n } = useTranslation();
  const policies = useGrantedPolicies();
  const [filters, setFilters] = useState<DeviceFilters>({});
  const [dialog, setDialog] = useState<'add' | 'batch' | null>(null);
  const { rowActions, dialogs } = useDeviceRowActions();
  useLiveDeviceStates();

  const resource: CrudResource<Device, Record<string, never>, DeviceFilters> = {
    queryKey: DEVICES_QUERY_KEY,
    titleKey: 'devices:devicesTitle',
    entityKey: 'devices:entity',
    columns: () => [
      ...deviceColumns(t, i18n.language),
      { field: 'serialNumber', headerName: t('devices:serialNumber'), width: 150, sortable: false },
      { field: 'stellaId', headerName: t('devices:stellaId'), width: 140, sortable: false },
      { field: 'phoneNumber', headerName: t('devices:phoneNumber'), width: 140, sortable: false },
      {
        field: 'condition',
        headerName: t('devices:condition'),
        width: 120,
        sortable: false,
        valueFormatter: (value: string | null) => (value ? t(`devices:conditions.${value}`) : '—'),
      },
    ],
    sortFields: DEVICE_SORT_FIELDS,
    getId: (device) => device.id,
    getName: (device) => device.imei,
    fetchList: ({ status, battery, organizationId, ...request }) =>
      getDevices(request, { status, battery, organizationId }),
    // The export (like the labels) follows the search, not the filters.
    exportList: ({ filter }) =>
      downloadEndpoint(deviceEndpoints.export, { query: { filter } }, 'devices.xlsx'),
    permissions: { create: 'Homeward.Devices.Create' },
    rowActions,
  };

  const ownActions = (search: string) =>
    (policies['Homeward.Devices.BatchCreate'] || policies['Homeward.Devices.ActivationCodes']) && (
      <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {policies['Homeward.Devices.ActivationCodes'] && (
          <Button
            startIcon={<LocalPrintshopIcon />}
            onClick={() =>
              downloadEndpoint(
                deviceEndpoints.exportActivationCodes,
                { query: { filter: search } },
                'activation-codes.xlsx',
              )
            }
            data-testid="device-labels-export"
          >
            {t('devices:codes.exportLabels')}
          </Button>
        )}
        {policies['Homeward.Devices.BatchCreate'] && (
          <Button
            startIcon={<UploadFileIcon />}
            onClick={() => setDialog('batch')}
            data-testid="device-batch-open"
          >
            {t('devices:batch.button')}
          </Button>
        )}
      </Stack>
    );

  return (
    <CrudListPage
      resource={resource}
      filters={({ search }) => (
        <>
          {ownActions(search)}
          <DeviceFilterBar value={filters} onChange={setFilters} />
        </>
      )}
      filterValues={filters}
      gridTestId="devices-grid"
      onCreate={() => setDialog('add')}
    >
      {dialogs}
      {dialog === 'add' && <AddDeviceDialog open onClose={() => setDialog(null)} />}
      {dialog === 'batch' && <DeviceBatchDialog onClose={() => setDialog(null)} />}
    </CrudListPage>
  );
}
