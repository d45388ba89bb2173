import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PASSWORD_POLICY,
  installValidationMessages,
  zChangePasswordForm,
  type ChangePasswordForm,
} from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { apiErrorText } from '../../components/forms/api-error-text';
import { applyServerFieldErrors } from '../../components/forms/apply-server-field-errors';
import { fieldErrorMessages } from '../../components/forms/field-error-messages';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';
import { useChangePassword } from './api/change-password';
import { FormSaveButton } from './form-save-button';

installValidationMessages();

const FIELDS = [
  { name: 'currentPassword', label: 'profile:password.current', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'profile:password.new', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'profile:password.confirm', autoComplete: 'new-password' },
] as const;
const FIELD_NAMES = FIELDS.map((field) => field.name);
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The form checks the default password policy; the server checks the tenant's, and its field errors
 * (a wrong current password too) land on the same fields.
 */
const SCHEMA = zChangePasswordForm(DEFAULT_PASSWORD_POLICY);

/** Change password: the current one, the new one twice. Other sign-ins end; this one stays. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const notify = useNotify();
  const change = useChangePassword();
  const { control, handleSubmit, reset, setError } = useForm<ChangePasswordForm>({
    resolver: zodResolver(SCHEMA) as unknown as Resolver<ChangePasswordForm>,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    criteriaMode: 'all',
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      reset(EMPTY);
      notify.success(t('profile:password.changed'));
    } catch (error) {
      applyServerFieldErrors(error, FIELD_NAMES, setError);
      notify.error(t('profile:password.failed', { reason: apiErrorText(t, error) }));
    }
  });

  return (
    <Card variant="outlined" data-testid="account-password" sx={{ mt: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('profile:password.title')}
        </Typography>
        <Stack component="form" noValidate spacing={2} onSubmit={submit} sx={{ maxWidth: 480 }}>
          {FIELDS.map((field) => (
            <Controller
              key={field.name}
              name={field.name}
              control={control}
              render={({ field: input, fieldState }) => {
                const label = t(field.label);
                const messages = fieldErrorMessages(fieldState.error).map((message) =>
                  translateValidationMessage(t, message, label),
                );
                return (
                  <TextField
                    {...input}
                    label={label}
                    type="password"
                    autoComplete={field.autoComplete}
                    required
                    disabled={change.isPending}
                    error={messages.length > 0}
                    helperText={
                      messages.length > 0
                        ? messages.map((message) => (
                            <Box component="span" key={message} sx={{ display: 'block' }}>
                              {message}
                            </Box>
                          ))
                        : field.name === 'newPassword'
                          ? t('profile:password.help')
                          : undefined
                    }
                    slotProps={{ htmlInput: { 'data-testid': `account-password-${field.name}` } }}
                  />
                );
              }}
            />
          ))}
          <FormSaveButton pending={change.isPending} testId="account-password-save">
            {t('profile:password.save')}
          </FormSaveButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
