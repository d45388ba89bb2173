import Box from '@mui/material/Box';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { CrudFormFieldInput, type CrudFormField } from '../../../components/crud/crud-form-fields';

/** The app settings a watch gets (contracts `zDeviceAppSettings`), in the order they are shown. */
const SETTING_FIELDS = [
  { name: 'positionIntervalSeconds', kind: 'number' },
  { name: 'lowBatteryThresholdPercent', kind: 'number' },
  { name: 'sosNumber', kind: 'text' },
  { name: 'fallDetection', kind: 'switch' },
] as const;

interface DeviceSettingsFieldsProps<TForm extends FieldValues> {
  control: Control<TForm>;
  /** Where the settings sit in the form: '' or `deviceSettings.0.settings.`. */
  prefix: string;
  disabled?: boolean;
}

/** One watch's app settings as typed inputs: numbers, the SOS number and a switch. */
export function DeviceSettingsFields<TForm extends FieldValues>({
  control,
  prefix,
  disabled,
}: DeviceSettingsFieldsProps<TForm>) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        alignItems: 'center',
      }}
    >
      {SETTING_FIELDS.map(({ name, kind }) => {
        const field = {
          kind,
          name: `${prefix}${name}` as Path<TForm>,
          labelKey: `citizens:settings.${name}`,
          helperKey: kind === 'switch' ? undefined : `citizens:settings.${name}Help`,
          disabled,
        } as CrudFormField<TForm>;
        return <CrudFormFieldInput key={name} field={field} control={control} />;
      })}
    </Box>
  );
}
