import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../../app/auth/permissions';
import { useAppState } from '../../../app/state/app-store';
import { useCitizen } from '../get-citizens';
import { AlarmReceiversSection } from './alarm-receivers-section';
import { CitizenAlarmsSection } from './citizen-alarms-section';
import { CitizenDevicesSection } from './citizen-devices-section';
import { CitizenGeofencesSection } from './citizen-geofences-section';
import { CitizenInformationSection } from './citizen-information-section';
import { CitizenMap } from './citizen-map';
import { CitizenSettingsSection } from './citizen-settings-section';

/**
 * citizens/:id: open alarms, information, the map of the watches and geofences, linked watches and their app
 * settings, geofences and alarm receivers; each part saves on its own, with its own permission.
 */
export function CitizenDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const citizen = useCitizen(id);
  const policies = useGrantedPolicies();
  // A host looking at All tenants reads every citizen but changes none (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const may = (permission: string) => !readOnly && policies[`Homeward.Citizens.${permission}`] === true;

  return (
    <Box>
      <Button component={RouterLink} to="/citizens" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('citizens:backToList')}
      </Button>
      {citizen.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {citizen.isError && (
        <Alert severity="error" data-testid="citizen-not-found">
          {t('citizens:notFound')}
        </Alert>
      )}
      {citizen.data && (
        <>
          <Typography variant="h5" component="h1" data-testid="screen-title" sx={{ mb: 2 }}>
            {citizen.data.name} {citizen.data.surname}
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {citizen.data.cprMasked}
            </Typography>
          </Typography>
          <Stack spacing={2} key={citizen.data.id}>
            {policies['Homeward.Alarms'] && <CitizenAlarmsSection citizenId={citizen.data.id} />}
            <CitizenInformationSection citizen={citizen.data} canEdit={may('Edit')} />
            <CitizenMap citizen={citizen.data} />
            <CitizenDevicesSection
              key={`devices-${citizen.data.devices.map((device) => device.id).join()}`}
              citizen={citizen.data}
              canManage={may('ManageDevices')}
            />
            <CitizenSettingsSection citizen={citizen.data} canManage={may('ManageDevices')} />
            <CitizenGeofencesSection
              key={`geofences-${citizen.data.geofences.map((fence) => fence.id).join()}`}
              citizen={citizen.data}
              canManage={may('ManageGeofences')}
            />
            <AlarmReceiversSection
              key={`receivers-${citizen.data.alarmReceivers.map((receiver) => receiver.id).join()}`}
              citizen={citizen.data}
              canManage={may('ManageAlarmReceivers')}
            />
          </Stack>
        </>
      )}
    </Box>
  );
}
