import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The note of a change to a watch; it goes into the watch's history (at most 1000 characters). */
export function DeviceNoteField({
  value,
  onChange,
  ...props
}: { value: string; onChange(note: string): void } & Pick<TextFieldProps, 'fullWidth' | 'sx'>) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      label={t('deviceAdministration:fields.note')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 1000 } }}
    />
  );
}
