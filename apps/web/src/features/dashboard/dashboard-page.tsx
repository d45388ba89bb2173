import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Device } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { IfPermitted } from '../../app/auth/permissions';
import { ServerDataGrid } from '../../components/crud/server-data-grid';
import { ScreenTitle } from '../../components/screen-title';
import { AddDeviceDialog } from '../devices/add-device-dialog';
import { DEVICES_QUERY_KEY, getDevices } from '../devices/get-devices';

/**
 * /dashboard: the tenant's watches and the "add device" button (shown only with
 * Homeward.Devices.Create; the API refuses it anyway). The active/inactive chart, filters and live
 * battery and position columns arrive with the device registry and telemetry issues.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <ScreenTitle>{t('routes.dashboard')}</ScreenTitle>
        <IfPermitted permission="Homeward.Devices.Create">
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setAdding(true)}
            data-testid="add-device"
          >
            {t('devices:addDevice')}
          </Button>
        </IfPermitted>
      </Stack>
      <ServerDataGrid<Device>
        queryKey={DEVICES_QUERY_KEY}
        fetchPage={getDevices}
        getRowId={(device) => device.id}
        testId="devices-grid"
        columns={[
          { field: 'name', headerName: t('devices:name'), flex: 2, minWidth: 160 },
          { field: 'imei', headerName: t('devices:imei'), flex: 1, minWidth: 160 },
          {
            field: 'status',
            headerName: t('devices:status'),
            flex: 1,
            minWidth: 140,
            sortable: false,
            valueFormatter: (value: Device['status']) => t(`devices:statuses.${value}`),
          },
          {
            field: 'createdAt',
            headerName: t('devices:created'),
            flex: 1,
            minWidth: 160,
            valueFormatter: (value: string) => new Date(value).toLocaleString(),
          },
        ]}
      />
      {adding && <AddDeviceDialog open onClose={() => setAdding(false)} />}
    </>
  );
}
