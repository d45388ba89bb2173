import { useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  commandTemplateEndpoints,
  installValidationMessages,
  zSaveCommandTemplateRequest,
  type CommandTemplate,
  type SaveCommandTemplateValues,
} from '@homeward/contracts';
import { Controller, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CrudFormActions } from '../../components/crud/crud-form-dialog';
import { CrudFormFieldInput, type CrudFormField } from '../../components/crud/crud-form-fields';
import { useCrudMutation } from '../../components/crud/use-crud-mutation';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { COMMAND_TEMPLATES_QUERY_KEY } from './get-command-templates';
import { createCommandTemplate, updateCommandTemplate } from './save-command-template';
import { CommandTemplateVariablesEditor } from './command-template-variables-editor';

// Browser-side zod messages are the translation keys the server sends (idempotent).
installValidationMessages();

type Form = SaveCommandTemplateValues;

const EMPTY: Form = {
  name: '',
  description: '',
  commandText: '',
  productId: null,
  variables: [],
  isTextMessage: false,
};

function formValuesOf(template: CommandTemplate): Form {
  return {
    name: template.name,
    description: template.description,
    commandText: template.commandText,
    productId: template.productId,
    variables: template.variables.map((variable) => ({ ...variable })),
    isTextMessage: template.isTextMessage,
  };
}

/** The fields of one variable row, so a server error on `variables.1.name` lands on that row. */
function serverFieldNames(variableCount: number): string[] {
  const rows = Array.from({ length: variableCount }, (_, index) =>
    ['name', 'inputType', 'example'].map((part) => `variables.${index}.${part}`),
  ).flat();
  return [...rows, 'variables', 'name', 'description', 'commandText', 'productId', 'isTextMessage'];
}

interface CommandTemplateDialogProps {
  /** The edited template; absent to create one. */
  template?: CommandTemplate;
  onClose(): void;
}

/** Create or edit a command template: its fields, the variables editor, client and server rules. */
export function CommandTemplateDialog({ template, onClose }: CommandTemplateDialogProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const form = useForm<Form>({
    resolver: zodResolver(zSaveCommandTemplateRequest as never) as Resolver<Form>,
    defaultValues: template ? formValuesOf(template) : EMPTY,
  });
  const save = useCrudMutation({
    mutationFn: (values: Form) =>
      template ? updateCommandTemplate(template.id, values) : createCommandTemplate(values),
    queryKey: COMMAND_TEMPLATES_QUERY_KEY,
    entityKey: 'commandTemplates:entity',
    operation: template ? 'update' : 'create',
  });

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      await save.mutateAsync(values);
      onClose();
    } catch (error) {
      // The mutation toasted the failure; field errors also go next to their inputs.
      applyServerFieldErrors(error, serverFieldNames(values.variables.length), form.setError);
    } finally {
      setSaving(false);
    }
  });

  const fields: CrudFormField<Form>[] = [
    { kind: 'text', name: 'name', labelKey: 'commandTemplates:name' },
    { kind: 'textarea', name: 'description', labelKey: 'commandTemplates:description' },
  ];
  const entity = t('commandTemplates:entity');
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" data-testid="crud-form-dialog">
      <DialogTitle>
        {t(template ? 'identity:crud.editTitle' : 'identity:crud.createTitle', { entity })}
      </DialogTitle>
      <form noValidate onSubmit={submit} data-testid="crud-form">
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fields.map((field) => (
              <CrudFormFieldInput key={field.name} field={field} control={form.control} />
            ))}
            <CommandTextField control={form.control} />
            <CrudFormFieldInput
              field={{
                kind: 'lookup',
                name: 'productId',
                labelKey: 'commandTemplates:product',
                helperKey: 'commandTemplates:productHelp',
                endpoint: commandTemplateEndpoints.productLookup,
                valueLabel: template?.productName ?? undefined,
              }}
              control={form.control}
            />
            <CommandTemplateVariablesEditor control={form.control} getValues={form.getValues} />
            <CrudFormFieldInput
              field={{ kind: 'switch', name: 'isTextMessage', labelKey: 'commandTemplates:isTextMessage' }}
              control={form.control}
            />
          </Stack>
        </DialogContent>
        <CrudFormActions onClose={onClose} saving={saving} />
      </form>
    </Dialog>
  );
}

/** The command text, monospaced, with how to write a variable as its hint. */
function CommandTextField({ control }: { control: Control<Form> }) {
  const { t } = useTranslation();
  const label = t('commandTemplates:commandText');
  return (
    <Controller
      name="commandText"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={label}
          error={!!fieldState.error}
          helperText={
            fieldState.error?.message
              ? translateValidationMessage(t, fieldState.error.message, label)
              : t('commandTemplates:commandTextHelp', {
                  placeholder: '%{name}',
                  example: 'UPLOAD,%{seconds}',
                })
          }
          fullWidth
          slotProps={{
            htmlInput: { 'data-testid': 'crud-field-commandText', style: { fontFamily: 'monospace' } },
          }}
        />
      )}
    />
  );
}
