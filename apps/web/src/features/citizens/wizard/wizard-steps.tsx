import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  CITIZEN_DEVICES_MAX,
  DEFAULT_DEVICE_APP_SETTINGS,
  type AvailableDevice,
  type CitizenDeviceSettings,
} from '@homeward/contracts';
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormFieldInput } from '../../../components/crud/crud-form-fields';
import { translateValidationMessage } from '../../../components/forms/translate-validation-message';
import { GeofenceAreaInput } from '../../geofences/geofence-area-input';
import { DeviceSettingsFields } from '../devices/device-settings-fields';
import { DeviceTransferPanels } from '../devices/device-transfer-panels';
import { GeofenceChecklist } from '../geofences/geofence-checklist';
import type { CitizenWizardForm } from './citizen-wizard-form';

type StepProps = { control: Control<CitizenWizardForm> };

/** The first message of an error that may be one (`devices`) or a list of them (`devices.1`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  for (const value of Object.values(error)) {
    const message = firstMessage(value);
    if (message) return message;
  }
  return undefined;
}

/**
 * Step 2: the panels. Each watch moved to active gets an app-settings entry with its product's
 * defaults (kept when it moves back and forth); a removed watch loses its entry.
 */
export function DevicesStep({ control }: StepProps) {
  const { t } = useTranslation();
  const devices = useController({ control, name: 'devices' });
  const settings = useController({ control, name: 'deviceSettings' });
  const error = firstMessage(devices.fieldState.error);
  const change = (next: AvailableDevice[]) => {
    const current = new Map(
      (settings.field.value as CitizenDeviceSettings[]).map((entry) => [entry.deviceId, entry]),
    );
    devices.field.onChange(next);
    settings.field.onChange(
      next.map(
        (device) =>
          current.get(device.id) ?? {
            deviceId: device.id,
            settings: { ...DEFAULT_DEVICE_APP_SETTINGS, ...device.defaultSettings },
          },
      ),
    );
  };
  return (
    <DeviceTransferPanels
      active={devices.field.value}
      onChange={change}
      max={CITIZEN_DEVICES_MAX}
      error={error && translateValidationMessage(t, error, t('citizens:devices.active'))}
    />
  );
}

/** Step 3: the app settings of each active watch, starting from its product's defaults. */
export function SettingsStep({ control }: StepProps) {
  const { t } = useTranslation();
  const devices = useWatch({ control, name: 'devices' });
  if (devices.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="citizen-settings-none">
        {t('citizens:settings.noDevices')}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {devices.map((device, index) => (
        <Paper
          key={device.id}
          variant="outlined"
          sx={{ p: 2 }}
          data-testid={`citizen-settings-${device.name}`}
        >
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5 }}>
            {device.name}
            {device.productName && (
              <Typography component="span" variant="body2" color="text.secondary">
                {` · ${device.productName}`}
              </Typography>
            )}
          </Typography>
          <DeviceSettingsFields control={control} prefix={`deviceSettings.${index}.settings.`} />
        </Paper>
      ))}
    </Stack>
  );
}

/** Step 4: existing geofences to link, and optionally a new one drawn on the map. */
export function GeofenceStep({ control }: StepProps) {
  const { t } = useTranslation();
  const newGeofence = useController({ control, name: 'newGeofence' });
  const drawing = newGeofence.field.value !== null;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('citizens:geofences.existing')}
        </Typography>
        <Controller
          control={control}
          name="geofenceIds"
          render={({ field }) => <GeofenceChecklist selected={field.value} onChange={field.onChange} />}
        />
      </Box>
      <Box>
        <FormControlLabel
          label={t('citizens:geofences.drawNew')}
          control={
            <Switch
              checked={drawing}
              onChange={(event) =>
                newGeofence.field.onChange(
                  event.target.checked ? { name: '', description: null, geometry: null } : null,
                )
              }
              slotProps={{ input: { 'data-testid': 'citizen-geofence-draw-new' } as object }}
            />
          }
        />
        {drawing && (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <CrudFormFieldInput
              control={control}
              field={{ kind: 'text', name: 'newGeofence.name', labelKey: 'citizens:geofences.newName' }}
            />
            <CrudFormFieldInput
              control={control}
              field={{
                kind: 'custom',
                name: 'newGeofence.geometry',
                labelKey: 'geofences:area',
                Input: GeofenceAreaInput,
              }}
            />
          </Stack>
        )}
      </Box>
    </Box>
  );
}
