import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PendingRegistrationResponse } from '@homeward/contracts';
import { ScreenTitle } from '../../components/screen-title';
import { CheckEmailPanel } from './check-email-panel';
import { ConfirmRegistrationPanel } from './confirm-registration-panel';
import { RegistrationForm } from './registration-form';
import { SignInPanel } from './sign-in-panel';

/**
 * Login and registration share one screen (spec §2): sign in, or register (optionally from an
 * invitation link). The confirmation e-mail's link comes back here with `?confirmationToken=`.
 */
export function RegistrationPage({ mode }: { mode: 'login' | 'registration' }) {
  const { t } = useTranslation(['translation', 'registration']);
  const [searchParams] = useSearchParams();
  const confirmationToken = searchParams.get('confirmationToken') ?? undefined;
  const invitationToken = searchParams.get('invitationToken') ?? undefined;
  const [registered, setRegistered] = useState<PendingRegistrationResponse | undefined>();

  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <ScreenTitle>{t(mode === 'login' ? 'routes.login' : 'routes.registration')}</ScreenTitle>
      <Stack spacing={3}>
        {confirmationToken ? (
          <ConfirmRegistrationPanel key={confirmationToken} token={confirmationToken} />
        ) : (
          <>
            <SignInPanel />
            <Paper variant="outlined" sx={{ p: 3 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                {t('registration:form.title')}
              </Typography>
              {registered ? (
                <CheckEmailPanel email={registered.email} />
              ) : (
                <RegistrationForm invitationToken={invitationToken} onRegistered={setRegistered} />
              )}
            </Paper>
          </>
        )}
      </Stack>
    </Box>
  );
}
