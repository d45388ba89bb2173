import { useState } from 'react';
import {
  commandTextVariables,
  renderCommandText,
  type CommandTemplate,
  type DeviceTerminal,
} from '@homeward/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../app/api/api-request-error';
import { translateValidationMessage } from '../../../components/forms/translate-validation-message';
import { DetailSection } from '../../citizens/detail/detail-section';
import { useTerminalTemplates } from './get-terminal-templates';
import { sendDeviceCommand, useTerminalMutation } from './send-device-command';

/** Field errors of a 400 by field name (`templateId`, `values.seconds`), translated. */
type FieldErrors = Record<string, string>;

/**
 * Send a command: pick one of the product's templates, fill in its variables (examples as
 * placeholders), and send. The server's field errors show on the fields they name.
 */
export function SendCommandForm({ device }: { device: DeviceTerminal }) {
  const { t } = useTranslation();
  const templates = useTerminalTemplates(device.productId, true);
  const [templateId, setTemplateId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  // Without a product the list holds every template; only those for any product fit the device.
  const usable = templates.data?.items.filter(
    (item) => item.productId === null || item.productId === device.productId,
  );
  const template = usable?.find((item) => item.id === templateId);
  const send = useTerminalMutation(
    device.id,
    (request: { templateId: string; values: Record<string, string> }) =>
      sendDeviceCommand(device.id, request),
    'devices:terminal.commandSent',
  );

  const choose = (id: string) => {
    setTemplateId(id);
    setValues({});
    setErrors({});
  };
  const submit = () => {
    if (!template) return;
    setErrors({});
    send.mutate(
      { templateId: template.id, values },
      {
        onSuccess: () => setValues({}),
        onError: (error) => setErrors(fieldErrorsOf(error, (field) => labelOf(template, field))),
      },
    );
  };
  const labelOf = (chosen: CommandTemplate, field: string) =>
    field === 'templateId'
      ? t('devices:terminal.template')
      : (chosen.variables.find((v) => `values.${v.name}` === field)?.name ?? field);
  const fieldErrorsOf = (error: unknown, label: (field: string) => string): FieldErrors => {
    if (!(error instanceof ApiRequestError)) return {};
    return Object.fromEntries(
      (error.body?.error.validationErrors ?? []).map((item) => [
        item.field,
        translateValidationMessage(t, item.message, label(item.field), item.params),
      ]),
    );
  };

  return (
    <DetailSection title={t('devices:terminal.sendCommand')} testId="terminal-send">
      {templates.isPending && <CircularProgress size={24} aria-label={t('identity:crud.loading')} />}
      {templates.isError && <Alert severity="error">{t('identity:crud.loadFailed')}</Alert>}
      {usable?.length === 0 && (
        <Typography color="text.secondary" data-testid="terminal-no-templates">
          {t('devices:terminal.noTemplates')}
        </Typography>
      )}
      {usable && usable.length > 0 && (
        <Stack
          spacing={2}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField
            select
            label={t('devices:terminal.template')}
            value={templateId}
            onChange={(event) => choose(event.target.value)}
            error={errors.templateId !== undefined}
            helperText={errors.templateId ?? template?.description}
            slotProps={{ htmlInput: { 'data-testid': 'terminal-template' } }}
          >
            {usable.map((item) => (
              <MenuItem key={item.id} value={item.id}>
                {item.name}
                {item.isTextMessage ? ` (${t('devices:terminal.sms')})` : ''}
              </MenuItem>
            ))}
          </TextField>
          {template?.variables.map((variable) => (
            <TextField
              key={variable.name}
              label={variable.name}
              value={values[variable.name] ?? ''}
              placeholder={variable.example}
              onChange={(event) =>
                setValues((current) => ({ ...current, [variable.name]: event.target.value }))
              }
              error={errors[`values.${variable.name}`] !== undefined}
              helperText={errors[`values.${variable.name}`]}
              slotProps={{
                htmlInput: {
                  'data-testid': `terminal-value-${variable.name}`,
                  inputMode:
                    variable.inputType === 'text'
                      ? 'text'
                      : variable.inputType === 'phone'
                        ? 'tel'
                        : 'decimal',
                },
              }}
            />
          ))}
          {template && (
            <Typography variant="body2" color="text.secondary" data-testid="terminal-preview">
              {t('devices:terminal.preview', {
                command: renderCommandText(
                  template.commandText,
                  Object.fromEntries(
                    commandTextVariables(template.commandText).flatMap((name) =>
                      values[name] ? [[name, values[name]!]] : [],
                    ),
                  ),
                ),
              })}
            </Typography>
          )}
          <Stack direction="row">
            <Button
              type="submit"
              variant="contained"
              disabled={!template || send.isPending}
              data-testid="terminal-send-button"
            >
              {t('devices:terminal.send')}
            </Button>
          </Stack>
        </Stack>
      )}
    </DetailSection>
  );
}
