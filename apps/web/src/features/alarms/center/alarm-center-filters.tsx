import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ALARM_KINDS, ALARM_STATES, type AlarmKind, type AlarmState } from '@homeward/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../../components/date-picker/lazy-app-date-picker';
import { LookupField } from '../../../components/crud/lookup-field';
import type { AlarmCenterQuery } from './alarm-center-query';

const DAY_FORMAT = 'YYYY-MM-DD';

const dayOf = (value: Dayjs | null): string | undefined =>
  value && value.isValid() ? value.format(DAY_FORMAT) : undefined;

/**
 * The alarm center's filters: state, kind, citizen and organization (searched on the server) and
 * the period; the server does the filtering, for the list and its summary alike.
 */
export function AlarmCenterFilters({
  value,
  onChange,
}: {
  value: AlarmCenterQuery;
  onChange(next: AlarmCenterQuery): void;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<AlarmCenterQuery>) => onChange({ ...value, ...patch });
  const filtered = Object.values(value).some(Boolean);
  return (
    <Stack direction="row" useFlexGap spacing={2} sx={{ mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t('alarms:state')}
        value={value.state ?? ''}
        onChange={(event) => set({ state: (event.target.value || undefined) as AlarmState | undefined })}
        sx={{ minWidth: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'alarm-center-state' } }}
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
        onChange={(event) => set({ kind: (event.target.value || undefined) as AlarmKind | undefined })}
        sx={{ minWidth: 190 }}
        slotProps={{ htmlInput: { 'data-testid': 'alarm-center-kind' } }}
      >
        <MenuItem value="">{t('alarms:anyKind')}</MenuItem>
        {ALARM_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(`alarms:kinds.${kind}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack sx={{ minWidth: 220, flex: '1 1 220px' }}>
        <LookupField
          url="/api/alarms/citizen-lookup"
          label={t('alarms:citizen')}
          value={value.citizenId ?? null}
          valueLabel={value.citizenName}
          onChange={(id, item) => set({ citizenId: id ?? undefined, citizenName: item?.displayName })}
          data-testid="alarm-center-citizen"
        />
      </Stack>
      <Stack sx={{ minWidth: 220, flex: '1 1 220px' }}>
        <LookupField
          url="/api/alarms/organization-lookup"
          label={t('alarms:organization')}
          value={value.organizationId ?? null}
          valueLabel={value.organizationName}
          onChange={(id, item) =>
            set({ organizationId: id ?? undefined, organizationName: item?.displayName })
          }
          data-testid="alarm-center-organization"
        />
      </Stack>
      <Stack sx={{ width: 180 }}>
        <LazyAppDatePicker
          label={t('alarms:from')}
          value={value.from ? dayjs(value.from) : null}
          onChange={(day) => set({ from: dayOf(day as Dayjs | null) })}
          slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
        />
      </Stack>
      <Stack sx={{ width: 180 }}>
        <LazyAppDatePicker
          label={t('alarms:to')}
          value={value.to ? dayjs(value.to) : null}
          onChange={(day) => set({ to: dayOf(day as Dayjs | null) })}
          slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
        />
      </Stack>
      {filtered && (
        <Button onClick={() => onChange({})} data-testid="alarm-center-clear">
          {t('alarms:clearFilters')}
        </Button>
      )}
    </Stack>
  );
}
