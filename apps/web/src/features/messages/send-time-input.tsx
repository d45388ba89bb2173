import TextField from '@mui/material/TextField';
import type { CustomFieldInputProps } from '../../components/crud/crud-form-fields';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO time as the browser's local `datetime-local` value (`2026-05-01T09:30`). */
export function toLocalInputValue(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value, read in the browser's time zone, as an ISO time ('' when incomplete). */
export function fromLocalInputValue(text: string): string {
  const date = new Date(text);
  return text === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/**
 * The send time: the browser's own date-and-time picker in local time; the form keeps the ISO time
 * the API takes.
 */
export function SendTimeInput({ name, value, onChange, label, error }: CustomFieldInputProps) {
  return (
    <TextField
      name={name}
      type="datetime-local"
      label={label}
      value={typeof value === 'string' ? toLocalInputValue(value) : ''}
      onChange={(event) => onChange(fromLocalInputValue(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'message-send-at' } }}
    />
  );
}
