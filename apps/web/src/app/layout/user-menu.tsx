import Button from '@mui/material/Button';
import LoginIcon from '@mui/icons-material/Login';
import { useTranslation } from 'react-i18next';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useSignIn } from '../auth/use-sign-in-actions';
import { useSignInState } from '../auth/sign-in-state';
import { LazyUserMenuButton } from './lazy-signed-in-shell';

/** The signed-in user's name with a menu to sign out, or a sign-in button for an anonymous visitor. */
export function UserMenu() {
  const { t } = useTranslation('auth');
  const auth = useSignInState();
  const authenticated = useIsAuthenticated();
  const signIn = useSignIn();

  if (authenticated) return <LazyUserMenuButton />;
  return (
    <Button
      data-testid="sign-in"
      color="inherit"
      startIcon={<LoginIcon />}
      // Disabled while the sign-in client loads and the redirect starts, so a second click waits.
      disabled={auth.activeNavigator !== undefined}
      onClick={() => void signIn()}
    >
      {t('signIn')}
    </Button>
  );
}
