import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../app/routing/routes';

/**
 * Signing in happens at the provider: opening a protected screen makes the auth guard send the
 * visitor there and bring them back, so this is a plain link to the dashboard.
 */
export function SignInPanel() {
  const { t } = useTranslation('registration');
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
    </Paper>
  );
}
