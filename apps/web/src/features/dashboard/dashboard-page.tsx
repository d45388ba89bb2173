import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { IfPermitted } from '../../app/auth/permissions';
import { useLoadedConfiguration } from '../../app/configuration/get-app-configuration';
import { ScreenTitle } from '../../components/screen-title';
import { AlarmList } from '../alarms/alarm-list';
import { AddDeviceDialog } from '../devices/add-device-dialog';
import { DeviceStatusChart } from '../devices/device-status-chart';
import { DeviceTable } from '../devices/device-table';
import { HouseholdDashboard } from './household-dashboard';

/**
 * /dashboard. A plug-and-play household gets its own (household-dashboard.tsx). Otherwise: the alarms (with Homeward.Alarms), the active/inactive chart, the tenant's watches (paged, sorted and filtered by status,
 * battery and organization on the server) and "add device" (shown only with
 * Homeward.Devices.Create; the API refuses it anyway).
 */
export default function DashboardPage() {
  const isPlugAndPlay = useLoadedConfiguration()?.isPlugAndPlay ?? false;
  return isPlugAndPlay ? <HouseholdDashboard /> : <MunicipalityDashboard />;
}

function MunicipalityDashboard() {
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
      <Grid container spacing={2}>
        <IfPermitted permission="Homeward.Alarms">
          <Grid size={12}>
            <AlarmList />
          </Grid>
        </IfPermitted>
        <Grid size={{ xs: 12, lg: 3 }}>
          <DeviceStatusChart />
        </Grid>
        <Grid size={{ xs: 12, lg: 9 }}>
          <DeviceTable />
        </Grid>
      </Grid>
      {adding && <AddDeviceDialog open onClose={() => setAdding(false)} />}
    </>
  );
}
