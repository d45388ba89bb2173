import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ConnectedDevice } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useDisconnectDevice } from './disconnect-device';

/** Asks before a watch leaves the household; stays open (and toasts) when disconnecting fails. */
export function DisconnectDeviceDialog({ device, onClose }: { device: ConnectedDevice; onClose(): void }) {
  const { t } = useTranslation();
  const disconnect = useDisconnectDevice();
  const confirm = async () => {
    try {
      await disconnect.mutateAsync(device);
      onClose();
    } catch {
      // The mutation's failure toast says why; the dialog stays so the user can cancel.
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      data-testid="disconnect-device-dialog"
      aria-labelledby="disconnect-device-title"
    >
      <DialogTitle id="disconnect-device-title">
        {t('devices:disconnect.title', { name: device.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('devices:disconnect.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="disconnect-device-cancel">
          {t('devices:disconnect.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={disconnect.isPending}
          onClick={() => void confirm()}
          data-testid="disconnect-device-confirm"
        >
          {t('devices:disconnect.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
