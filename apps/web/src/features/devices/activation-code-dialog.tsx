import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Device } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useActivationCode } from './get-activation-code';
import { useRenewActivationCode } from './renew-activation-code';

/**
 * Staff read a watch's activation code to print on its box, and make a new one when a label was
 * lost or a returned watch goes back in stock (the old code stops working).
 */
export function ActivationCodeDialog({ device, onClose }: { device: Device; onClose(): void }) {
  const { t } = useTranslation();
  const code = useActivationCode(device.id);
  const renew = useRenewActivationCode();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      data-testid="activation-code-dialog"
      aria-labelledby="activation-code-title"
    >
      <DialogTitle id="activation-code-title">{t('devices:codes.title', { name: device.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('devices:codes.intro')}</DialogContentText>
          {code.isPending ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} />
              <span>{t('devices:codes.loading')}</span>
            </Stack>
          ) : code.isError ? (
            <Alert severity="error">{t('devices:codes.loadFailed')}</Alert>
          ) : code.data.activationCode ? (
            <Typography
              component="p"
              variant="h5"
              sx={{ fontFamily: 'monospace', letterSpacing: 2, textAlign: 'center' }}
              aria-label={t('devices:activationCode')}
              data-testid="activation-code-value"
            >
              {code.data.activationCode}
            </Typography>
          ) : (
            <Alert severity="info">{t('devices:codes.none')}</Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('devices:codes.renewHint')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => renew.mutate(device.id)}
          loading={renew.isPending}
          disabled={code.isPending}
          data-testid="activation-code-renew"
        >
          {t('devices:codes.renew')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="activation-code-close">
          {t('devices:codes.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
