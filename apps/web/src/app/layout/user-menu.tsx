import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LoginIcon from '@mui/icons-material/Login';
import LogoutIcon from '@mui/icons-material/Logout';
import { useAuth } from 'react-oidc-context';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../configuration/get-app-configuration';
import { useIsAuthenticated } from '../auth/use-is-authenticated';
import { useSignIn, useSignOut } from '../auth/use-sign-in-actions';

/** The signed-in user's name with a menu to sign out, or a sign-in button for an anonymous visitor. */
export function UserMenu() {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const authenticated = useIsAuthenticated();
  const { currentUser } = useAppConfiguration();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (!authenticated) {
    return (
      <Button
        data-testid="sign-in"
        color="inherit"
        startIcon={<LoginIcon />}
        disabled={auth.activeNavigator !== undefined}
        onClick={() => void signIn()}
      >
        {t('signIn')}
      </Button>
    );
  }

  const profile = auth.user?.profile;
  const name =
    currentUser?.name ??
    profile?.name ??
    profile?.preferred_username ??
    currentUser?.userName ??
    profile?.sub;
  return (
    <>
      <Button
        data-testid="user-menu"
        color="inherit"
        startIcon={<AccountCircleIcon />}
        // The name starts with the visible user name: what a person sees is what they can ask for.
        aria-label={t('userMenu', { name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 240 }}
      >
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{name}</span>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          data-testid="sign-out"
          disabled={auth.activeNavigator !== undefined}
          onClick={() => {
            setAnchor(null);
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('signOut')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
