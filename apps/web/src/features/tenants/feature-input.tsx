import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { TenantFeature } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

/** A value being edited; a number field may be empty for a moment. */
export type FeatureDraft = string | number | boolean;

interface FeatureInputProps {
  feature: TenantFeature;
  value: FeatureDraft;
  error?: { message: string; params?: Record<string, string | number> };
  onChange(value: FeatureDraft): void;
}

/** The input of one feature by its type: a switch, a number field or a select. */
export function FeatureInput({ feature, value, error, onChange }: FeatureInputProps) {
  const { t } = useTranslation();
  const label = t(`tenants:${feature.displayKey}`);
  const testId = `feature-${feature.name}`;
  const defaultText =
    feature.type === 'toggle'
      ? t(feature.defaultValue ? 'tenants:on' : 'tenants:off')
      : feature.type === 'selection'
        ? t(`tenants:twoFactor.${String(feature.defaultValue)}`)
        : String(feature.defaultValue);
  const helperText = error
    ? translateValidationMessage(t, error.message, label, error.params)
    : t('tenants:featureDefault', { value: defaultText });

  if (feature.type === 'toggle') {
    return (
      <FormControl error={!!error}>
        <FormControlLabel
          label={label}
          control={
            <Switch
              checked={value === true}
              onChange={(event) => onChange(event.target.checked)}
              slotProps={{ input: { 'data-testid': testId } as object }}
            />
          }
        />
        {error && <FormHelperText>{helperText}</FormHelperText>}
      </FormControl>
    );
  }
  if (feature.type === 'selection') {
    return (
      <TextField
        select
        label={label}
        value={String(value)}
        onChange={(event) => onChange(event.target.value)}
        error={!!error}
        helperText={helperText}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
        fullWidth
      >
        {(feature.options ?? []).map((option) => (
          <MenuItem key={option} value={option} data-testid={`${testId}-${option}`}>
            {t(`tenants:twoFactor.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      type="number"
      label={label}
      value={value === '' ? '' : Number(value)}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      error={!!error}
      helperText={helperText}
      slotProps={{ htmlInput: { 'data-testid': testId, min: feature.min, max: feature.max } }}
      fullWidth
    />
  );
}
