import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  COMMAND_VARIABLE_INPUT_TYPES,
  commandTextVariables,
  type SaveCommandTemplateValues,
} from '@homeward/contracts';
import {
  Controller,
  useFieldArray,
  useFormState,
  type Control,
  type UseFormGetValues,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

interface VariablesEditorProps {
  control: Control<SaveCommandTemplateValues>;
  getValues: UseFormGetValues<SaveCommandTemplateValues>;
}

/**
 * The declared variables of a template, one row each (name, input type, example). "Add variables
 * from text" adds a row for every `%{name}` in the command text that is not declared yet, so the
 * spec §5 rule is one click away from being met.
 */
export function CommandTemplateVariablesEditor({ control, getValues }: VariablesEditorProps) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control, name: 'variables' });
  const { errors } = useFormState({ control, name: 'variables' });
  const listError = errors.variables?.root?.message ?? errors.variables?.message;

  const addFromText = () => {
    const declared = new Set(getValues('variables').map((variable) => variable.name.trim()));
    const missing = commandTextVariables(getValues('commandText') ?? '').filter(
      (name) => name !== '' && !declared.has(name),
    );
    append(missing.map((name) => ({ name, inputType: 'text' as const, example: '' })));
  };

  return (
    <Stack spacing={1.5} data-testid="command-template-variables">
      <Typography variant="subtitle2">{t('commandTemplates:variables')}</Typography>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="variables-empty">
          {t('commandTemplates:noVariables', { placeholder: '%{name}' })}
        </Typography>
      )}
      {fields.map((row, index) => (
        <Stack
          key={row.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          <Controller
            name={`variables.${index}.name`}
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                size="small"
                label={t('commandTemplates:variableName')}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message &&
                  translateValidationMessage(t, fieldState.error.message, t('commandTemplates:variableName'))
                }
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `variable-name-${index}` } }}
              />
            )}
          />
          <Controller
            name={`variables.${index}.inputType`}
            control={control}
            render={({ field }) => (
              <TextField
                {...field}
                select
                size="small"
                label={t('commandTemplates:inputType')}
                sx={{ width: { xs: '100%', sm: 160 } }}
                slotProps={{
                  select: { native: true },
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': `variable-input-type-${index}` },
                }}
              >
                {COMMAND_VARIABLE_INPUT_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`commandTemplates:inputTypes.${type}`)}
                  </option>
                ))}
              </TextField>
            )}
          />
          <Controller
            name={`variables.${index}.example`}
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                value={field.value ?? ''}
                size="small"
                label={t('commandTemplates:example')}
                error={!!fieldState.error}
                helperText={
                  fieldState.error?.message &&
                  translateValidationMessage(t, fieldState.error.message, t('commandTemplates:example'))
                }
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { 'data-testid': `variable-example-${index}` } }}
              />
            )}
          />
          <Tooltip title={t('commandTemplates:removeVariable')}>
            <IconButton
              aria-label={t('commandTemplates:removeVariable')}
              onClick={() => remove(index)}
              data-testid={`variable-remove-${index}`}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      {listError && (
        <FormHelperText error data-testid="variables-error">
          {translateValidationMessage(t, listError, t('commandTemplates:variables'))}
        </FormHelperText>
      )}
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => append({ name: '', inputType: 'text', example: '' })}
          data-testid="variables-add"
        >
          {t('commandTemplates:addVariable')}
        </Button>
        <Button
          size="small"
          startIcon={<PlaylistAddIcon />}
          onClick={addFromText}
          data-testid="variables-add-from-text"
        >
          {t('commandTemplates:addVariablesFromText')}
        </Button>
      </Stack>
    </Stack>
  );
}
