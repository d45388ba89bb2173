import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../app/notifications/use-notify';
import { useResendConfirmationEmail } from './api/resend-email';
import { apiErrorText } from '../../components/forms/api-error-text';

/** After registering: where the confirmation link went, and a way to have it sent again. */
export function CheckEmailPanel({ email }: { email: string }) {
  const { t } = useTranslation(['registration', 'translation']);
  const notify = useNotify();
  const resend = useResendConfirmationEmail();

  const sendAgain = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () => notify.success(t('registration:checkEmail.resent')),
        onError: (error) =>
          notify.error(`${t('registration:checkEmail.resendFailed')} ${apiErrorText(t, error)}`),
      },
    );

  return (
    <Stack spacing={2} data-testid="registration-check-email">
      <Alert severity="success">
        <AlertTitle>{t('registration:checkEmail.title')}</AlertTitle>
        {t('registration:checkEmail.body', { email })}
      </Alert>
      <Button
        variant="outlined"
        onClick={sendAgain}
        disabled={resend.isPending}
        startIcon={resend.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="registration-resend"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('registration:checkEmail.resend')}
      </Button>
    </Stack>
  );
}
