import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SettingValue } from '@homeward/contracts';
import { useTranslation } from 'react-i18next';

/**
 * A field's pending edit: text for every type (booleans as 'true'/'false'); for a secret, the
 * replacement typed so far, or null when the stored secret is to be removed.
 */
export type SettingDraft = string | null;

interface SettingFieldProps {
  setting: SettingValue;
  draft: SettingDraft | undefined;
  error?: string;
  /** The caller's level holds its own value, which "use inherited value" removes. */
  canReset: boolean;
  onChange(draft: SettingDraft | undefined): void;
}

export function settingLabelKey(name: string): string {
  return `settings:fields.${name}`;
}

/** One typed input of the settings screen; what it may do follows the setting's level rules. */
export function SettingField({ setting, draft, error, canReset, onChange }: SettingFieldProps) {
  const { t } = useTranslation('settings');
  const label = t(settingLabelKey(setting.name));
  const testId = `settings-field-${setting.name}`;
  const disabled = !setting.isEditable;
  const helper =
    error ??
    (disabled
      ? t('notEditableHere')
      : setting.source !== 'default' && !canReset && setting.type !== 'secret'
        ? t('inheritedFromHost')
        : undefined);
  const reset = canReset && !disabled && setting.type !== 'secret' && (
    <Button size="small" onClick={() => onChange(null)} data-testid={`settings-reset-${setting.name}`}>
      {t('useInheritedValue')}
    </Button>
  );

  if (setting.type === 'boolean') {
    const checked = (draft ?? setting.value) === 'true';
    return (
      <FormControl error={!!error} disabled={disabled}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <FormControlLabel
            label={label}
            control={
              <Switch
                checked={checked}
                onChange={(event) => onChange(String(event.target.checked))}
                slotProps={{ input: { 'aria-label': label } }}
                data-testid={testId}
              />
            }
          />
          {reset}
        </Stack>
        {helper && <FormHelperText>{helper}</FormHelperText>}
      </FormControl>
    );
  }

  if (setting.type === 'secret') {
    const removing = draft === null;
    const isSet = setting.isSet && !removing;
    return (
      <Stack sx={{ gap: 1 }} data-testid={testId}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
          <Typography variant="body2">{label}</Typography>
          <Chip
            size="small"
            color={isSet ? 'success' : 'default'}
            label={isSet ? t('secretSet') : t('secretNotSet')}
            data-testid={`settings-secret-state-${setting.name}`}
          />
          {setting.isSet && setting.isEditable && !removing && (
            <Button
              size="small"
              onClick={() => onChange(null)}
              data-testid={`settings-remove-${setting.name}`}
            >
              {t('removeSecret')}
            </Button>
          )}
        </Stack>
        <TextField
          type="password"
          autoComplete="new-password"
          label={t('replaceSecret', { name: label })}
          value={draft ?? ''}
          disabled={disabled}
          error={!!error}
          helperText={helper}
          onChange={(event) => onChange(event.target.value || undefined)}
          slotProps={{ htmlInput: { 'data-testid': `${testId}-input` } }}
        />
      </Stack>
    );
  }

  const value = draft ?? setting.value ?? '';
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
      <TextField
        fullWidth
        select={setting.type === 'selection'}
        type={setting.type === 'number' ? 'number' : 'text'}
        label={label}
        value={value}
        disabled={disabled}
        error={!!error}
        helperText={helper}
        onChange={(event) => onChange(event.target.value)}
        slotProps={
          setting.type === 'selection'
            ? // The visible box is what a user (or a test) clicks to open the options.
              { select: { SelectDisplayProps: { 'data-testid': testId } as object } }
            : {
                htmlInput: {
                  'data-testid': testId,
                  ...(setting.type === 'number' ? { min: setting.min, max: setting.max, step: 'any' } : {}),
                },
              }
        }
      >
        {setting.options?.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`options.${setting.name}.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {reset}
    </Stack>
  );
}
