import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { ComponentType } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../forms/translate-validation-message';
import { LookupField, type LookupEndpoint } from './lookup-field';

export interface SelectOption {
  value: string;
  label: string;
}

interface FieldBase<TForm extends FieldValues> {
  name: Path<TForm>;
  /** Namespaced key of the label; also fills `{field}` in the field's error messages. */
  labelKey: string;
  helperKey?: string;
  disabled?: boolean;
}

/** What a custom input (a map to draw on) gets: the field's value, its label and translated error. */
export interface CustomFieldInputProps {
  name: string;
  value: unknown;
  onChange(value: unknown): void;
  label: string;
  error?: string;
}

/**
 * One input of a CRUD form. Choices are read through a hook so they can come from the API (the
 * assignable roles) or be fixed; a multi-select is a checkbox group, which stays usable with many
 * keyboards and test drivers alike.
 */
export type CrudFormField<TForm extends FieldValues> =
  | (FieldBase<TForm> & { kind: 'text' | 'password' | 'email' | 'textarea' | 'number' | 'date' })
  | (FieldBase<TForm> & { kind: 'switch' })
  | (FieldBase<TForm> & { kind: 'select' | 'multiselect'; useOptions(): SelectOption[] })
  | (FieldBase<TForm> & { kind: 'custom'; Input: ComponentType<CustomFieldInputProps> })
  /** One row of a paged, searchable lookup endpoint (see `LookupField`); the value is its id. */
  | (FieldBase<TForm> & { kind: 'lookup'; endpoint: LookupEndpoint; valueLabel?: string });

interface FieldProps<TForm extends FieldValues> {
  field: CrudFormField<TForm>;
  control: Control<TForm>;
}

/** Renders one descriptor field bound to the form, with its translated error. */
export function CrudFormFieldInput<TForm extends FieldValues>({ field, control }: FieldProps<TForm>) {
  switch (field.kind) {
    case 'switch':
      return <SwitchField field={field} control={control} />;
    case 'select':
      return <SelectField field={field} control={control} useOptions={field.useOptions} />;
    case 'multiselect':
      return <MultiSelectField field={field} control={control} useOptions={field.useOptions} />;
    case 'custom':
      return <CustomField field={field} control={control} Input={field.Input} />;
    case 'lookup':
      return (
        <LookupFormField
          field={field}
          control={control}
          endpoint={field.endpoint}
          valueLabel={field.valueLabel}
        />
      );
    default:
      return <TextInputField field={field} control={control} />;
  }
}

function TextInputField<TForm extends FieldValues>({ field, control }: FieldProps<TForm>) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          value={input.value ?? ''}
          onChange={(event) =>
            input.onChange(
              field.kind === 'number' && event.target.value !== ''
                ? Number(event.target.value)
                : event.target.value,
            )
          }
          label={label}
          type={field.kind === 'textarea' ? 'text' : field.kind}
          multiline={field.kind === 'textarea'}
          minRows={field.kind === 'textarea' ? 2 : undefined}
          disabled={field.disabled}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message
              ? translateValidationMessage(t, fieldState.error.message, label)
              : field.helperKey && t(field.helperKey)
          }
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': `crud-field-${field.name}` },
            // A native date input always shows its own placeholder, so the label stays above it.
            ...(field.kind === 'date' ? { inputLabel: { shrink: true } } : {}),
          }}
        />
      )}
    />
  );
}

function SwitchField<TForm extends FieldValues>({ field, control }: FieldProps<TForm>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input }) => (
        <FormControlLabel
          label={t(field.labelKey)}
          disabled={field.disabled}
          control={
            <Switch
              checked={input.value === true}
              onChange={(event) => input.onChange(event.target.checked)}
              onBlur={input.onBlur}
              slotProps={{ input: { 'data-testid': `crud-field-${field.name}` } as object }}
            />
          }
        />
      )}
    />
  );
}

interface OptionsFieldProps<TForm extends FieldValues> extends FieldProps<TForm> {
  useOptions(): SelectOption[];
}

function SelectField<TForm extends FieldValues>({ field, control, useOptions }: OptionsFieldProps<TForm>) {
  const { t } = useTranslation();
  const options = useOptions();
  const label = t(field.labelKey);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          value={input.value ?? ''}
          select
          label={label}
          disabled={field.disabled}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message && translateValidationMessage(t, fieldState.error.message, label)
          }
          fullWidth
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': `crud-field-${field.name}` },
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      )}
    />
  );
}

function MultiSelectField<TForm extends FieldValues>({
  field,
  control,
  useOptions,
}: OptionsFieldProps<TForm>) {
  const { t } = useTranslation();
  const options = useOptions();
  const label = t(field.labelKey);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => {
        const selected: string[] = Array.isArray(input.value) ? input.value : [];
        const toggle = (value: string, checked: boolean) =>
          input.onChange(checked ? [...selected, value] : selected.filter((item) => item !== value));
        return (
          <FormControl component="fieldset" error={!!fieldState.error} disabled={field.disabled}>
            <FormLabel component="legend">{label}</FormLabel>
            {options.length === 0 && <FormHelperText>{t('identity:crud.noOptions')}</FormHelperText>}
            <FormGroup row data-testid={`crud-field-${field.name}`}>
              {options.map((option) => (
                <FormControlLabel
                  key={option.value}
                  label={option.label}
                  control={
                    <Checkbox
                      checked={selected.includes(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                      slotProps={{
                        input: { 'data-testid': `crud-field-${field.name}-${option.value}` } as object,
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error?.message && (
              <FormHelperText>
                {translateValidationMessage(t, fieldState.error.message, label)}
              </FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}

function CustomField<TForm extends FieldValues>({
  field,
  control,
  Input,
}: FieldProps<TForm> & { Input: ComponentType<CustomFieldInputProps> }) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <Input
          name={field.name}
          value={input.value}
          onChange={input.onChange}
          label={label}
          error={fieldState.error?.message && translateValidationMessage(t, fieldState.error.message, label)}
        />
      )}
    />
  );
}

function LookupFormField<TForm extends FieldValues>({
  field,
  control,
  endpoint,
  valueLabel,
}: FieldProps<TForm> & { endpoint: LookupEndpoint; valueLabel?: string }) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: input, fieldState }) => (
        <LookupField
          endpoint={endpoint}
          value={(input.value as string | null | undefined) ?? null}
          valueLabel={valueLabel}
          onChange={(id) => input.onChange(id)}
          label={label}
          disabled={field.disabled}
          helperText={field.helperKey ? t(field.helperKey) : undefined}
          error={fieldState.error?.message && translateValidationMessage(t, fieldState.error.message, label)}
          data-testid={`crud-field-${field.name}`}
        />
      )}
    />
  );
}
