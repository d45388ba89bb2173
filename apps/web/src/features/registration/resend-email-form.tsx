import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zResendEmailRequest, type ResendEmailRequest } from '@homeward/contracts';
import { useNotify } from '../../app/notifications/use-notify';
import { useResendConfirmationEmail } from './api/resend-email';
import { apiErrorText } from '../../components/forms/api-error-text';
import { translateValidationMessage } from '../../components/forms/translate-validation-message';

/** Asks for the address and sends a new confirmation link (for an expired or used one). */
export function ResendEmailForm() {
  const { t } = useTranslation(['registration', 'translation']);
  const notify = useNotify();
  const resend = useResendConfirmationEmail();
  const { control, handleSubmit } = useForm<ResendEmailRequest>({
    resolver: zodResolver(zResendEmailRequest),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await resend.mutateAsync(values);
      notify.success(t('registration:checkEmail.resent'));
    } catch (error) {
      notify.error(`${t('registration:checkEmail.resendFailed')} ${apiErrorText(t, error)}`);
    }
  });

  const label = t('registration:confirm.resendEmail');
  return (
    <Stack component="form" noValidate direction={{ xs: 'column', sm: 'row' }} spacing={2} onSubmit={submit}>
      <Controller
        name="email"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            type="email"
            label={label}
            autoComplete="email"
            required
            size="small"
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message
                ? translateValidationMessage(t, fieldState.error.message, label)
                : undefined
            }
            disabled={resend.isPending}
            slotProps={{ htmlInput: { 'data-testid': 'registration-resend-email' } }}
            sx={{ flex: 1 }}
          />
        )}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={resend.isPending}
        startIcon={resend.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="registration-resend-submit"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('registration:confirm.resend')}
      </Button>
    </Stack>
  );
}
