import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../app/routing/routes';
import { useCompleteRegistration } from './api/complete-registration';
import { ResendEmailForm } from './resend-email-form';
import { apiErrorText } from '../../components/forms/api-error-text';

/** Opened from the confirmation e-mail's link: confirms the address once, then offers sign-in. */
export function ConfirmRegistrationPanel({ token }: { token: string }) {
  const { t } = useTranslation(['registration', 'translation']);
  const completion = useCompleteRegistration();
  const { mutate } = completion;
  // The token works once; a second call (React's development double effect) would report it used.
  const sentFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (sentFor.current === token) return;
    sentFor.current = token;
    mutate({ confirmationToken: token });
  }, [token, mutate]);

  if (completion.isSuccess) {
    return (
      <Stack spacing={2} data-testid="registration-confirmed">
        <Alert severity="success">
          <AlertTitle>{t('registration:confirm.successTitle')}</AlertTitle>
          {t('registration:confirm.successBody')}
        </Alert>
        <Button
          component={RouterLink}
          to={routePath('dashboard')}
          variant="contained"
          startIcon={<LoginIcon />}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="registration-confirmed-sign-in"
        >
          {t('registration:confirm.signIn')}
        </Button>
      </Stack>
    );
  }

  if (completion.isError) {
    return (
      <Stack spacing={2} data-testid="registration-confirm-failed">
        <Alert severity="error">
          <AlertTitle>{t('registration:confirm.failedTitle')}</AlertTitle>
          {apiErrorText(t, completion.error)}
        </Alert>
        <Typography>{t('registration:confirm.resendIntro')}</Typography>
        <ResendEmailForm />
        <Button
          component={RouterLink}
          to={routePath('registration')}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="registration-register-again"
        >
          {t('registration:confirm.register')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack
      direction="row"
      spacing={2}
      role="status"
      sx={{ alignItems: 'center', py: 2 }}
      data-testid="registration-confirming"
    >
      <CircularProgress size={24} />
      <Typography>{t('registration:confirm.confirming')}</Typography>
    </Stack>
  );
}
