import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ALARM_KINDS, ALARM_STATES, type AlarmKind, type AlarmState } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import type { AlarmFilters } from './get-alarms';

/** One select of the alarm filters: an option per value, or "any" (undefined). */
function AlarmOptionSelect<T extends string>({
  label,
  anyLabel,
  options,
  optionLabel,
  value,
  onChange,
  minWidth,
  testId,
}: {
  label: string;
  anyLabel: string;
  options: readonly T[];
  optionLabel(option: T): string;
  value: T | undefined;
  onChange(next: T | undefined): void;
  minWidth: number;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      sx={{ minWidth }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {optionLabel(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface AlarmSelectProps<T> {
  value: T | undefined;
  onChange(next: T | undefined): void;
  minWidth: number;
  testId: string;
}

/** The alarm state filter, shared by the alarm list and the alarm center. */
export function AlarmStateSelect(props: AlarmSelectProps<AlarmState>) {
  const { t } = useTranslation();
  return (
    <AlarmOptionSelect
      {...props}
      label={t('alarms:state')}
      anyLabel={t('alarms:anyState')}
      options={ALARM_STATES}
      optionLabel={(state) => t(`alarms:states.${state}`)}
    />
  );
}

/** The alarm kind filter, shared by the alarm list and the alarm center. */
export function AlarmKindSelect(props: AlarmSelectProps<AlarmKind>) {
  const { t } = useTranslation();
  return (
    <AlarmOptionSelect
      {...props}
      label={t('alarms:kind')}
      anyLabel={t('alarms:anyKind')}
      options={ALARM_KINDS}
      optionLabel={(kind) => t(`alarms:kinds.${kind}`)}
    />
  );
}

/** State and kind filters above the alarm list; the server does the filtering. */
export function AlarmFilterBar({
  value,
  onChange,
}: {
  value: AlarmFilters;
  onChange(next: AlarmFilters): void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <AlarmStateSelect
        value={value.state}
        onChange={(state) => onChange({ ...value, state })}
        minWidth={200}
        testId="alarm-filter-state"
      />
      <AlarmKindSelect
        value={value.kind}
        onChange={(kind) => onChange({ ...value, kind })}
        minWidth={200}
        testId="alarm-filter-kind"
      />
    </Stack>
  );
}
