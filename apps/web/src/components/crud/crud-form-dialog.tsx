import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Control, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { installValidationMessages } from '@homeward/contracts';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../forms/apply-server-field-errors';
import { CrudFormFieldInput, type CrudFormField } from './crud-form-fields';
import { DialogLoadingContent } from './dialog-loading-content';

// Browser-side zod messages must be the same translation keys the server sends (STYLE "One
// contract"); installing the contracts' error map is idempotent, and this chunk holds every form.
installValidationMessages();

export interface CrudFormDialogProps<TForm extends FieldValues> {
  open: boolean;
  title: string;
  schema: z.ZodType<TForm, FieldValues>;
  fields: CrudFormField<TForm>[];
  /** Undefined while the values of an edited row are loading. */
  values: TForm | undefined;
  /** Set when loading the values failed; the dialog offers a retry. */
  loadError?: boolean;
  onRetryLoad?(): void;
  /** Rejects with the API error; 400 field errors land on the fields. */
  onSubmit(values: TForm): Promise<unknown>;
  onClose(): void;
}

/** The create/edit dialog of a CRUD screen: descriptor fields, client and server validation. */
export function CrudFormDialog<TForm extends FieldValues>(props: CrudFormDialogProps<TForm>) {
  const { t } = useTranslation();
  const { open, title, values, loadError, onRetryLoad, onClose } = props;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="crud-form-dialog">
      <DialogTitle>{title}</DialogTitle>
      {values ? (
        <CrudForm {...props} values={values} />
      ) : (
        <DialogLoadingContent
          failed={Boolean(loadError)}
          failedText={t('errors.unknown')}
          onRetry={onRetryLoad}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CrudForm<TForm extends FieldValues>({
  schema,
  fields,
  values,
  onSubmit,
  onClose,
}: CrudFormDialogProps<TForm> & { values: TForm }) {
  const [saving, setSaving] = useState(false);
  const form = useForm<TForm>({
    resolver: zodResolver(schema as never) as Resolver<TForm>,
    defaultValues: values as DefaultValues<TForm>,
  });

  const submit = form.handleSubmit(async (data) => {
    setSaving(true);
    try {
      await onSubmit(data);
      onClose();
    } catch (error) {
      // The mutation already toasted the failure; field errors also go next to their inputs.
      applyServerFieldErrors(
        error,
        fields.map((field) => field.name),
        form.setError,
      );
    } finally {
      setSaving(false);
    }
  });

  return (
    <CrudFormContent
      fields={fields}
      control={form.control}
      saving={saving}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

interface CrudFormContentProps<TForm extends FieldValues> {
  fields: CrudFormField<TForm>[];
  control: Control<TForm>;
  saving: boolean;
  onSubmit(event?: FormEvent): unknown;
  onClose(): void;
}

/** The fields of a CRUD form with Cancel and Save; dialogs with their own rules (tenants) reuse it. */
export function CrudFormContent<TForm extends FieldValues>({
  fields,
  control,
  saving,
  onSubmit,
  onClose,
}: CrudFormContentProps<TForm>) {
  return (
    <form noValidate onSubmit={onSubmit} data-testid="crud-form">
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((field) => (
            <CrudFormFieldInput key={field.name} field={field} control={control} />
          ))}
        </Stack>
      </DialogContent>
      <CrudFormActions onClose={onClose} saving={saving} />
    </form>
  );
}

/** Cancel and Save (the form's submit button) of a CRUD form dialog. */
export function CrudFormActions({ onClose, saving }: { onClose: () => void; saving: boolean }) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onClose} data-testid="crud-form-cancel">
        {t('identity:crud.cancel')}
      </Button>
      <Button type="submit" variant="contained" loading={saving} data-testid="crud-form-save">
        {t('identity:crud.save')}
      </Button>
    </DialogActions>
  );
}
