import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import dayjs, { type Dayjs } from 'dayjs';
import { alarmEndpoints } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { LazyAppDatePicker } from '../../../components/date-picker/lazy-app-date-picker';
import { LookupField } from '../../../components/crud/lookup-field';
import { AlarmKindSelect, AlarmStateSelect } from '../alarm-filters';
import type { AlarmCenterQuery } from './alarm-center-query';

const DAY_FORMAT = 'YYYY-MM-DD';

const dayOf = (value: Dayjs | null): string | undefined =>
  value && value.isValid() ? value.format(DAY_FORMAT) : undefined;

/** A day of the period (`YYYY-MM-DD`), cleared to undefined. */
function DayField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange(next: string | undefined): void;
}) {
  return (
    <Stack sx={{ width: 180 }}>
      <LazyAppDatePicker
        label={label}
        value={value ? dayjs(value) : null}
        onChange={(day) => onChange(dayOf(day as Dayjs | null))}
        slotProps={{ field: { clearable: true }, textField: { size: 'small' } }}
      />
    </Stack>
  );
}

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
      <AlarmStateSelect
        value={value.state}
        onChange={(state) => set({ state })}
        minWidth={170}
        testId="alarm-center-state"
      />
      <AlarmKindSelect
        value={value.kind}
        onChange={(kind) => set({ kind })}
        minWidth={190}
        testId="alarm-center-kind"
      />
      <Stack sx={{ minWidth: 220, flex: '1 1 220px' }}>
        <LookupField
          endpoint={alarmEndpoints.citizenLookup}
          label={t('alarms:citizen')}
          value={value.citizenId ?? null}
          valueLabel={value.citizenName}
          onChange={(id, item) => set({ citizenId: id ?? undefined, citizenName: item?.displayName })}
          data-testid="alarm-center-citizen"
        />
      </Stack>
      <Stack sx={{ minWidth: 220, flex: '1 1 220px' }}>
        <LookupField
          endpoint={alarmEndpoints.organizationLookup}
          label={t('alarms:organization')}
          value={value.organizationId ?? null}
          valueLabel={value.organizationName}
          onChange={(id, item) =>
            set({ organizationId: id ?? undefined, organizationName: item?.displayName })
          }
          data-testid="alarm-center-organization"
        />
      </Stack>
      <DayField label={t('alarms:from')} value={value.from} onChange={(from) => set({ from })} />
      <DayField label={t('alarms:to')} value={value.to} onChange={(to) => set({ to })} />
      {filtered && (
        <Button onClick={() => onChange({})} data-testid="alarm-center-clear">
          {t('alarms:clearFilters')}
        </Button>
      )}
    </Stack>
  );
}
