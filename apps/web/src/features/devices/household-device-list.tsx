import { useState } from 'react';
import AddLinkIcon from '@mui/icons-material/AddLink';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConnectedDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useGrantedPolicies } from '../../app/auth/permissions';
import { ConnectDeviceDialog } from './connect-device-dialog';
import { ConnectedDevicesState } from './connected-devices-state';
import { DisconnectDeviceDialog } from './disconnect-device-dialog';
import { RenameConnectedDeviceDialog } from './rename-connected-device-dialog';

type Dialog = { kind: 'connect' } | { kind: 'rename' | 'disconnect'; device: ConnectedDevice } | null;

/**
 * /devices for a plug-and-play household: its watches as cards (usable at phone width), with
 * connect, rename and disconnect for the owner. No organizations, Stella IDs or sale types.
 */
export function HouseholdDeviceList() {
  const { t } = useTranslation();
  const policies = useGrantedPolicies();
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
      <ConnectedDevicesState emptyTestId="household-devices-empty">
        {(items) => (
          <Stack spacing={2} data-testid="household-devices">
            {items.map((device) => (
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
      </ConnectedDevicesState>
      {dialog?.kind === 'connect' && <ConnectDeviceDialog onClose={close} />}
      {dialog?.kind === 'rename' && <RenameConnectedDeviceDialog device={dialog.device} onClose={close} />}
      {dialog?.kind === 'disconnect' && <DisconnectDeviceDialog device={dialog.device} onClose={close} />}
    </>
  );
}
