import { useState } from 'react';
import LocalPrintshopIcon from '@mui/icons-material/LocalPrintshop';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { apiDownload } from '../../app/api/api-download';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { useLoadedConfiguration } from '../../app/configuration/get-app-configuration';
import { CrudListToolbar } from '../../components/crud/crud-list-toolbar';
import { toQueryString } from '../../components/crud/paged-list-request';
import { useDebouncedValue } from '../../components/crud/use-debounced-value';
import { AddDeviceDialog } from './add-device-dialog';
import { DeviceBatchDialog } from './device-batch-dialog';
import { DeviceTable } from './device-table';
import { HouseholdDeviceList } from './household-device-list';

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
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText);
  const [dialog, setDialog] = useState<'add' | 'batch' | null>(null);
  return (
    <>
      <CrudListToolbar
        title={t('devices:devicesTitle')}
        searchText={searchText}
        onSearchChange={setSearchText}
        entityKey="devices:entity"
        onCreate={policies['Homeward.Devices.Create'] ? () => setDialog('add') : undefined}
        onExport={() =>
          apiDownload(`/api/devices/export${toQueryString({ filter: search })}`, 'devices.xlsx')
        }
      />
      {(policies['Homeward.Devices.BatchCreate'] || policies['Homeward.Devices.ActivationCodes']) && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          {policies['Homeward.Devices.ActivationCodes'] && (
            <Button
              startIcon={<LocalPrintshopIcon />}
              onClick={() =>
                apiDownload(
                  `/api/devices/activation-codes/export${toQueryString({ filter: search })}`,
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
      )}
      <DeviceTable
        search={search}
        extraColumns={[
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
        ]}
      />
      {dialog === 'add' && <AddDeviceDialog open onClose={() => setDialog(null)} />}
      {dialog === 'batch' && <DeviceBatchDialog onClose={() => setDialog(null)} />}
    </>
  );
}
