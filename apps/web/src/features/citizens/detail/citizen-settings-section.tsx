import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  zDeviceAppSettings,
  type Citizen,
  type CitizenDevice,
  type DeviceAppSettings,
} from '@homeward/contracts';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DeviceSettingsFields } from '../devices/device-settings-fields';
import { updateCitizenDeviceSettings } from '../replace-citizen-links';
import { DetailSection } from './detail-section';
import { useCitizenUpdate } from './use-citizen-update';

/** The app settings of each linked watch, each saved on its own. */
export function CitizenSettingsSection({ citizen, canManage }: { citizen: Citizen; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <DetailSection title={t('citizens:sections.settings')} testId="citizen-settings">
      {citizen.devices.length === 0 ? (
        <Typography color="text.secondary">{t('citizens:settings.noLinkedDevices')}</Typography>
      ) : (
        <Stack spacing={2}>
          {citizen.devices.map((device) => (
            <DeviceSettingsForm
              key={device.id}
              citizenId={citizen.id}
              device={device}
              canManage={canManage}
            />
          ))}
        </Stack>
      )}
    </DetailSection>
  );
}

function DeviceSettingsForm({
  citizenId,
  device,
  canManage,
}: {
  citizenId: string;
  device: CitizenDevice;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<DeviceAppSettings>({
    resolver: zodResolver(zDeviceAppSettings as never) as Resolver<DeviceAppSettings>,
    defaultValues: device.settings,
  });
  const save = useCitizenUpdate((settings: DeviceAppSettings) =>
    updateCitizenDeviceSettings(citizenId, device.id, settings),
  );
  const submit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values).catch(() => undefined);
  });
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ p: 2 }}
      data-testid={`citizen-settings-${device.name}`}
    >
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle1" component="h3">
          {device.name}
          {device.productName ? ` · ${device.productName}` : ''}
        </Typography>
        {canManage && (
          <Button type="submit" size="small" variant="outlined" loading={save.isPending}>
            {t('citizens:save')}
          </Button>
        )}
      </Stack>
      <DeviceSettingsFields control={form.control} prefix="" disabled={!canManage} />
    </Paper>
  );
}
