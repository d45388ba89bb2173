import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ALARM_KINDS, ALARM_STATES, type AlarmKind, type AlarmState } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import type { AlarmFilters } from './get-alarms';

/** State and kind filters above the alarm list; the server does the filtering. */
export function AlarmFilterBar({
  value,
  onChange,
}: {
  value: AlarmFilters;
  onChange(next: AlarmFilters): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('alarms:state')}
        value={value.state ?? ''}
        onChange={(event) =>
          onChange({ ...value, state: (event.target.value || undefined) as AlarmState | undefined })
        }
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'alarm-filter-state' } }}
      >
        <MenuItem value="">{t('alarms:anyState')}</MenuItem>
        {ALARM_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {t(`alarms:states.${state}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('alarms:kind')}
        value={value.kind ?? ''}
        onChange={(event) =>
          onChange({ ...value, kind: (event.target.value || undefined) as AlarmKind | undefined })
        }
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'alarm-filter-kind' } }}
      >
        <MenuItem value="">{t('alarms:anyKind')}</MenuItem>
        {ALARM_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`alarms:kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
