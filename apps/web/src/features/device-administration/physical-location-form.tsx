import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdministeredDevice, PhysicalLocation } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { changePhysicalLocation, useDeviceAdministrationMutation } from './change-administered-device';
import { locationLabel } from './device-administration-resource';
import { DeviceNoteField } from './device-note-field';

/**
 * The watch's physical location and the move to another one. The select offers only the targets
 * the transition table allows from here (the server checks again and answers 409 otherwise).
 */
export function PhysicalLocationForm({
  device,
  readOnly,
}: {
  device: AdministeredDevice;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [to, setTo] = useState<PhysicalLocation | ''>('');
  const [note, setNote] = useState('');
  const move = useDeviceAdministrationMutation((target: PhysicalLocation) =>
    changePhysicalLocation(device.id, { to: target, note }),
  );
  const submit = async () => {
    if (to === '') return;
    try {
      const moved = await move.mutateAsync(to);
      notify.success(
        t('deviceAdministration:toasts.moved', { location: locationLabel(t, moved.physicalLocation) }),
      );
      setTo('');
      setNote('');
    } catch (error) {
      notify.error(t('deviceAdministration:toasts.moveFailed', { reason: apiErrorText(t, error) }));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography data-testid="current-location">
        {t('deviceAdministration:columns.physicalLocation')}:{' '}
        <strong>{locationLabel(t, device.physicalLocation)}</strong>
      </Typography>
      {!readOnly &&
        (device.allowedLocations.length === 0 ? (
          <Typography color="text.secondary">{t('deviceAdministration:noTargets')}</Typography>
        ) : (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              select
              label={t('deviceAdministration:fields.to')}
              value={to}
              onChange={(event) => setTo(Number(event.target.value) as PhysicalLocation)}
              sx={{ minWidth: 220 }}
              slotProps={{ select: { inputProps: { 'data-testid': 'location-target' } } }}
            >
              {device.allowedLocations.map((location) => (
                <MenuItem key={location} value={location}>
                  {locationLabel(t, location)}
                </MenuItem>
              ))}
            </TextField>
            <DeviceNoteField value={note} onChange={setNote} sx={{ flex: 1 }} />
            <Button variant="contained" onClick={() => void submit()} disabled={to === '' || move.isPending}>
              {t('deviceAdministration:actions.move')}
            </Button>
          </Stack>
        ))}
    </Stack>
  );
}
