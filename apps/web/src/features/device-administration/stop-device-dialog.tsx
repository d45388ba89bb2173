import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_STOP_KINDS,
  type AdministeredDevice,
  type DeviceStopKind,
  type StopDeviceRequest,
} from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { stopDevice, useDeviceAdministrationMutation } from './change-administered-device';
import { DeviceActionDialog } from './device-action-dialog';

/**
 * Stops the watch as lost, awaiting return, returned or customer device. Each choice explains its
 * effects (DEVICE_STOP_EFFECTS), and each stop has its own success toast.
 */
export function StopDeviceDialog({ device, onClose }: { device: AdministeredDevice; onClose(): void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [kind, setKind] = useState<DeviceStopKind | ''>('');
  const stop = useDeviceAdministrationMutation((body: StopDeviceRequest) => stopDevice(device.id, body));
  const confirm = async (note: string) => {
    if (kind === '') return;
    try {
      await stop.mutateAsync({ kind, note });
      notify.success(t(`deviceAdministration:toasts.stopped.${kind}`));
      onClose();
    } catch (error) {
      notify.error(t('deviceAdministration:toasts.stopFailed', { reason: apiErrorText(t, error) }));
    }
  };
  return (
    <DeviceActionDialog
      titleId="stop-device-title"
      title={t('deviceAdministration:stopTitle', { name: device.name })}
      confirmLabel={t('deviceAdministration:actions.confirmStop')}
      confirmColor="warning"
      confirmDisabled={kind === '' || stop.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <FormLabel id="stop-kind-label">{t('deviceAdministration:fields.stopKind')}</FormLabel>
      <RadioGroup
        aria-labelledby="stop-kind-label"
        value={kind}
        onChange={(event) => setKind(event.target.value as DeviceStopKind)}
      >
        {DEVICE_STOP_KINDS.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio />}
            disabled={device.stoppedAs === option}
            label={
              <>
                <Typography component="span">{t(`deviceAdministration:stopKinds.${option}`)}</Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {t(`deviceAdministration:stopEffects.${option}`)}
                </Typography>
              </>
            }
            sx={{ alignItems: 'flex-start', my: 0.5 }}
          />
        ))}
      </RadioGroup>
    </DeviceActionDialog>
  );
}
