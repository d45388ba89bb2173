import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../components/crud/crud-form-fields';
import type { WifiNetworkFilterValues } from './get-wifi-networks';
import { useTrustLevelOptions, useTypeOptions } from './wifi-networks-resource';

interface WifiNetworkFiltersProps {
  values: WifiNetworkFilterValues;
  onChange(values: WifiNetworkFilterValues): void;
}

/** The type and trust-level filters above the Wi-Fi list; empty means all. */
export function WifiNetworkFilters({ values, onChange }: WifiNetworkFiltersProps) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <FilterSelect
        testId="wifi-filter-type"
        label={t('wifi:type')}
        allLabel={t('wifi:filters.allTypes')}
        options={useTypeOptions()}
        value={values.type ?? ''}
        onChange={(type) =>
          onChange({ ...values, type: (type || undefined) as WifiNetworkFilterValues['type'] })
        }
      />
      <FilterSelect
        testId="wifi-filter-trust-level"
        label={t('wifi:trustLevel')}
        allLabel={t('wifi:filters.allTrustLevels')}
        options={useTrustLevelOptions()}
        value={values.trustLevel ?? ''}
        onChange={(trustLevel) =>
          onChange({
            ...values,
            trustLevel: (trustLevel || undefined) as WifiNetworkFilterValues['trustLevel'],
          })
        }
      />
    </Stack>
  );
}

interface FilterSelectProps {
  testId: string;
  label: string;
  allLabel: string;
  options: SelectOption[];
  value: string;
  onChange(value: string): void;
}

function FilterSelect({ testId, label, allLabel, options, value, onChange }: FilterSelectProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200 }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': testId },
      }}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
