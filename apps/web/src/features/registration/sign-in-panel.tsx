import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import LoginIcon from '@mui/icons-material/Login';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslation } from 'react-i18next';
import { useSignInState } from '../../app/auth/sign-in-state';
import { useSignInWith } from '../../app/auth/use-sign-in-actions';
import { routePath } from '../../app/routing/routes';

/**
 * Signing in happens at the provider: opening a protected screen makes the auth guard send the
 * visitor there and bring them back, so the main button is a plain link to the dashboard. The other
 * ways (spec §4) sign in in a popup window over this page, or silently in a hidden frame when the
 * provider still has the visitor's session.
 */
export function SignInPanel() {
  const { t } = useTranslation('registration');
  const auth = useSignInState();
  const signInWith = useSignInWith();
  const busy = auth.activeNavigator !== undefined;
  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="registration-sign-in-panel">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('signIn.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('signIn.description')}
      </Typography>
      <Button
        component={RouterLink}
        to={routePath('dashboard')}
        variant="contained"
        startIcon={<LoginIcon />}
        data-testid="registration-sign-in"
      >
        {t('signIn.button')}
      </Button>
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="text"
          startIcon={<OpenInNewIcon />}
          disabled={busy}
          onClick={() => void signInWith.popup(routePath('dashboard'))}
        >
          {t('auth:signInPopup')}
        </Button>
        <Button
          variant="text"
          startIcon={<SyncIcon />}
          disabled={busy}
          onClick={() => void signInWith.silent(routePath('dashboard'))}
        >
          {t('auth:signInSilent')}
        </Button>
      </Stack>
    </Paper>
  );
}
