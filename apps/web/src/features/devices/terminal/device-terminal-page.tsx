import { Link as RouterLink, useParams } from 'react-router';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HistoryIcon from '@mui/icons-material/History';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { ALL_TENANTS_ID } from '@homeward/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvents } from '../../../app/realtime/realtime-events';
import { useGrantedPolicies } from '../../../app/auth/permissions';
import { useAppState } from '../../../app/state/app-store';
import { BatteryLevelChart } from '../../battery-levels/battery-level-chart';
import { CommandHistory } from './command-history';
import { TerminalInfoCard } from './terminal-info-card';
import { deviceTerminalQueryOptions, useDeviceTerminal } from './get-device-terminal';
import { MqttSecretButton } from './mqtt-secret-button';
import { SendCommandForm } from './send-command-form';
import { requestFromDevice, useTerminalMutation } from './send-device-command';

/**
 * devices/:id/terminal: the device's info, sending a command from a template, the position and
 * history requests, and the command history whose states follow the device live.
 */
export function DeviceTerminalPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const device = useDeviceTerminal(id);
  const queryClient = useQueryClient();
  // The device's pushed live state (battery, status, last seen) refreshes the info card.
  useRealtimeEvents((events) => {
    if (events.some((event) => event.type === 'device' && event.state.deviceId === id)) {
      void queryClient.invalidateQueries({ queryKey: deviceTerminalQueryOptions(id).queryKey });
    }
  });
  const policies = useGrantedPolicies();
  // A host looking at All tenants reads but changes nothing (the server refuses writes).
  const readOnly = useAppState((state) => state.tenantFilter === ALL_TENANTS_ID);
  const maySend = !readOnly && policies['Homeward.Devices.SendCommand'] === true;
  const mayRequest = !readOnly && policies['Homeward.Devices.RequestPosition'] === true;
  const mayEdit = !readOnly && policies['Homeward.Devices.Edit'] === true;
  const requestPosition = useTerminalMutation(
    id,
    () => requestFromDevice(id, 'position'),
    'devices:terminal.positionRequested',
  );
  const requestHistory = useTerminalMutation(
    id,
    () => requestFromDevice(id, 'history'),
    'devices:terminal.historyRequested',
  );

  return (
    <Box>
      <Button component={RouterLink} to="/devices" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('devices:terminal.backToList')}
      </Button>
      {device.isPending && <CircularProgress aria-label={t('identity:crud.loading')} />}
      {device.isError && (
        <Alert severity="error" data-testid="terminal-not-found">
          {t('devices:terminal.notFound')}
        </Alert>
      )}
      {device.data && (
        <>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            sx={{ mb: 2, gap: 1, justifyContent: 'space-between' }}
          >
            <Typography variant="h5" component="h1" data-testid="screen-title">
              {t('devices:terminal.title', { name: device.data.name })}
            </Typography>
            {mayRequest && (
              <Stack direction="row" spacing={1}>
                <Button
                  variant="outlined"
                  startIcon={<MyLocationIcon />}
                  disabled={requestPosition.isPending}
                  onClick={() => requestPosition.mutate(undefined)}
                  data-testid="terminal-request-position"
                >
                  {t('devices:terminal.requestPosition')}
                </Button>
                <Button
                  variant="outlined"
                  startIcon={<HistoryIcon />}
                  disabled={requestHistory.isPending}
                  onClick={() => requestHistory.mutate(undefined)}
                  data-testid="terminal-request-history"
                >
                  {t('devices:terminal.requestHistory')}
                </Button>
              </Stack>
            )}
          </Stack>
          <Stack spacing={2}>
            <TerminalInfoCard
              device={device.data}
              actions={
                mayEdit && (
                  <MqttSecretButton deviceId={device.data.id} hasSecret={device.data.hasMqttSecret} />
                )
              }
            />
            <BatteryLevelChart deviceId={device.data.id} />
            {maySend && <SendCommandForm device={device.data} />}
            <CommandHistory deviceId={device.data.id} />
          </Stack>
        </>
      )}
    </Box>
  );
}
