import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEVICE_STATUSES, type DeviceStatus } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { useDeviceOrganizationOptions } from './get-device-organizations';
import { BATTERY_BANDS, type BatteryBand, type DeviceFilters } from './get-devices';

const BAND_LABELS: Record<BatteryBand, string> = {
  low: 'devices:filters.batteryLow',
  medium: 'devices:filters.batteryMedium',
  high: 'devices:filters.batteryHigh',
};

/** Status, battery and organization filters above a device table; the server does the filtering. */
export function DeviceFilterBar({
  value,
  onChange,
}: {
  value: DeviceFilters;
  onChange(next: DeviceFilters): void;
}) {
  const { t } = useTranslation();
  const organizations = useDeviceOrganizationOptions();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('devices:filters.status')}
        value={value.status ?? ''}
        onChange={(event) =>
          onChange({ ...value, status: (event.target.value || undefined) as DeviceStatus | undefined })
        }
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'device-filter-status' } }}
      >
        <MenuItem value="">{t('devices:filters.anyStatus')}</MenuItem>
        {DEVICE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`devices:statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('devices:filters.battery')}
        value={value.battery ?? ''}
        onChange={(event) =>
          onChange({ ...value, battery: (event.target.value || undefined) as BatteryBand | undefined })
        }
        sx={{ minWidth: 180 }}
        slotProps={{ htmlInput: { 'data-testid': 'device-filter-battery' } }}
      >
        <MenuItem value="">{t('devices:filters.anyBattery')}</MenuItem>
        {(Object.keys(BATTERY_BANDS) as BatteryBand[]).map((band) => (
          <MenuItem key={band} value={band}>
            {t(BAND_LABELS[band])}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('devices:filters.organization')}
        value={value.organizationId ?? ''}
        onChange={(event) => onChange({ ...value, organizationId: event.target.value || undefined })}
        sx={{ minWidth: 220 }}
        slotProps={{ htmlInput: { 'data-testid': 'device-filter-organization' } }}
      >
        <MenuItem value="">{t('devices:filters.anyOrganization')}</MenuItem>
        {organizations.map((organization) => (
          <MenuItem key={organization.value} value={organization.value}>
            {organization.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
