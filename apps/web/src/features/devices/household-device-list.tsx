import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConnectedDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConnectDeviceDialog } from './connect-device-dialog';
import { DisconnectDeviceDialog } from './disconnect-device-dialog';
import { RenameConnectedDeviceDialog } from './rename-connected-device-dialog';
import { useConnectedDevices } from './get-connected-devices';

type Dialog = { kind: 'connect' } | { kind: 'rename' | 'disconnect'; device: ConnectedDevice } | null;

/**
 * /devices for a plug-and-play household: its watches as cards (usable at phone width), with
 * connect, rename and disconnect for the owner. No organizations, Stella IDs or sale types.
 */
export function HouseholdDeviceList() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
  const devices = useConnectedDevices();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {t('devices:household.title')}
        </Typography>
        {policies['Homeward.Devices.Create'] && (
          <Button
            variant="contained"
            startIcon={<AddLinkIcon />}
            onClick={() => setDialog({ kind: 'connect' })}
            data-testid="connect-device-open"
          >
            {t('devices:connect.button')}
          </Button>
        )}
      </Stack>
      {devices.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <span>{t('devices:household.loading')}</span>
        </Stack>
      ) : devices.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void devices.refetch()}>
              {t('errors.tryAgain')}
            </Button>
          }
        >
          {t('devices:household.loadFailed')}
        </Alert>
      ) : devices.data.items.length === 0 ? (
        <Alert severity="info" data-testid="household-devices-empty">
          {t('devices:household.empty')}
        </Alert>
      ) : (
        <Stack spacing={2} data-testid="household-devices">
          {devices.data.items.map((device) => (
            <Card key={device.id} variant="outlined" data-testid={`household-device-${device.imei}`}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {device.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('devices:imei')} {device.imei} · {t(`devices:statuses.${device.status}`)}
                  {device.battery !== null
                    ? ` · ${t('devices:household.battery', { battery: device.battery })}`
                    : ''}
                </Typography>
                <Typography variant="body2">
                  {device.citizenName
                    ? t('devices:household.wornBy', { name: device.citizenName })
                    : t('devices:household.notWorn')}
                </Typography>
              </CardContent>
              {(policies['Homeward.Devices.Edit'] || policies['Homeward.Devices.Delete']) && (
                <CardActions sx={{ flexWrap: 'wrap' }}>
                  {policies['Homeward.Devices.Edit'] && (
                    <Button
                      onClick={() => setDialog({ kind: 'rename', device })}
                      data-testid={`household-device-rename-${device.imei}`}
                    >
                      {t('devices:household.rename')}
                    </Button>
                  )}
                  {policies['Homeward.Devices.Delete'] && (
                    <Button
                      color="error"
                      onClick={() => setDialog({ kind: 'disconnect', device })}
                      data-testid={`household-device-disconnect-${device.imei}`}
                    >
                      {t('devices:disconnect.button')}
                    </Button>
                  )}
                </CardActions>
              )}
            </Card>
          ))}
        </Stack>
      )}
      {dialog?.kind === 'connect' && <ConnectDeviceDialog onClose={close} />}
      {dialog?.kind === 'rename' && <RenameConnectedDeviceDialog device={dialog.device} onClose={close} />}
      {dialog?.kind === 'disconnect' && <DisconnectDeviceDialog device={dialog.device} onClose={close} />}
    </>
  );
}
