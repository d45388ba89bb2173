import type { ReactNode } from 'react';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Battery20Icon from '@mui/icons-material/Battery20';
import BatteryFullIcon from '@mui/icons-material/BatteryFull';
import BatteryUnknownIcon from '@mui/icons-material/BatteryUnknown';
import type { Citizen } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { citizenStatusOf, formatAge, latestSeenDevice, type CitizenStatus } from './citizen-status';
import { useNow } from './use-now';

const STATUS_COLORS: Record<CitizenStatus, 'error' | 'warning' | 'success' | 'default'> = {
  alarm: 'error',
  outsideGeofence: 'warning',
  online: 'success',
  offline: 'default',
};

/** Below this a battery is shown as low. */
const LOW_BATTERY_PERCENT = 20;

/**
 * The head of the citizen page: who (name, masked CPR), and at a glance how they are: status
 * (alarm, outside a geofence, online, offline), battery and when a watch was last heard from.
 */
export function CitizenHeader({
  citizen,
  openAlarms,
  action,
}: {
  citizen: Citizen;
  openAlarms: number;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const status = citizenStatusOf(citizen.devices, openAlarms);
  const seen = latestSeenDevice(citizen.devices);
  const battery = seen?.battery ?? null;
  const batteryIcon =
    battery === null ? (
      <BatteryUnknownIcon />
    ) : battery < LOW_BATTERY_PERCENT ? (
      <Battery20Icon />
    ) : (
      <BatteryFullIcon />
    );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="citizen-header">
      <Stack
        direction="row"
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h5" component="h1" data-testid="screen-title" sx={{ overflowWrap: 'anywhere' }}>
          {citizen.name} {citizen.surname}
          <Typography component="span" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
            {citizen.cprMasked}
          </Typography>
        </Typography>
        {action}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5, mt: 1 }}>
        <Chip
          label={t(`citizenPage:status.${status}`)}
          color={STATUS_COLORS[status]}
          data-testid="citizen-status"
          data-status={status}
        />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} data-testid="citizen-battery">
          {batteryIcon}
          <Typography variant="body2">
            {battery === null
              ? t('citizenPage:header.batteryUnknown')
              : t('citizenPage:header.battery', { value: battery })}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" data-testid="citizen-last-seen">
          {seen?.lastSeenAt
            ? t('citizenPage:header.lastSeen', { age: formatAge(seen.lastSeenAt, now, i18n.language) })
            : t('citizenPage:header.neverSeen')}
        </Typography>
      </Stack>
    </Paper>
  );
}
