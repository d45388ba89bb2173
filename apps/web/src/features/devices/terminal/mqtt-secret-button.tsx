import { useState } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import { deviceTerminalEndpoints, type DeviceMqttSecret } from '@homeward/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../app/api/endpoint-client';
import { useNotify } from '../../../app/notifications/use-notify';
import { apiErrorText } from '../../../components/forms/api-error-text';
import { deviceTerminalQueryOptions } from './get-device-terminal';

/** POST /api/devices/{id}/mqtt-secret: a new secret, readable only in this answer. */
function issueMqttSecret(deviceId: string): Promise<DeviceMqttSecret> {
  return callEndpoint(deviceTerminalEndpoints.issueMqttSecret, { params: { id: deviceId } });
}

/**
 * Issues the device's MQTT password: a confirmation first (a new secret stops the old one), then
 * the user name and secret, shown this once with a copy button.
 */
export function MqttSecretButton({ deviceId, hasSecret }: { deviceId: string; hasSecret: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<DeviceMqttSecret | null>(null);
  const issue = useMutation({
    mutationFn: () => issueMqttSecret(deviceId),
    onSuccess: async (result) => {
      setConfirming(false);
      setIssued(result);
      notify.success(t('devices:terminal.mqttSecretIssued'));
      await queryClient.invalidateQueries({ queryKey: deviceTerminalQueryOptions(deviceId).queryKey });
    },
    onError: (error) =>
      notify.error(t('devices:terminal.mqttSecretFailed', { reason: apiErrorText(t, error) })),
  });
  const copy = async () => {
    if (!issued) return;
    try {
      await navigator.clipboard.writeText(issued.secret);
      notify.success(t('devices:terminal.mqttSecretCopied'));
    } catch {
      notify.error(t('devices:terminal.mqttSecretCopyFailed'));
    }
  };
  return (
    <>
      <Button startIcon={<KeyIcon />} onClick={() => setConfirming(true)} data-testid="terminal-mqtt-secret">
        {t(hasSecret ? 'devices:terminal.mqttSecretReplace' : 'devices:terminal.mqttSecretIssue')}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} data-testid="mqtt-secret-confirm">
        <DialogTitle>{t('devices:terminal.mqttSecretIssue')}</DialogTitle>
        <DialogContent>
          {t(hasSecret ? 'devices:terminal.mqttSecretReplaceWarning' : 'devices:terminal.mqttSecretIntro')}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('identity:crud.cancel')}</Button>
          <Button
            variant="contained"
            disabled={issue.isPending}
            onClick={() => issue.mutate()}
            data-testid="mqtt-secret-confirm-button"
          >
            {t('devices:terminal.mqttSecretIssueConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={issued !== null} onClose={() => setIssued(null)} data-testid="mqtt-secret-issued">
        <DialogTitle>{t('devices:terminal.mqttSecretTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('devices:terminal.mqttSecretOnce')}
          </Alert>
          <TextField
            label={t('devices:terminal.mqttUserName')}
            value={issued?.userName ?? ''}
            fullWidth
            margin="dense"
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label={t('devices:terminal.mqttSecret')}
            value={issued?.secret ?? ''}
            fullWidth
            margin="dense"
            slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'mqtt-secret-value' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void copy()}>{t('devices:terminal.mqttSecretCopy')}</Button>
          <Button variant="contained" onClick={() => setIssued(null)}>
            {t('devices:terminal.mqttSecretDone')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
