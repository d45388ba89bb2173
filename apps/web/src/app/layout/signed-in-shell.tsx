import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { useSignInState } from '../auth/sign-in-state';
import { useSignOut } from '../auth/use-sign-in-actions';
import { useAppConfiguration } from '../configuration/get-app-configuration';
import { useMyProfile } from '../../features/account/api/get-my-profile';
import { UserAvatar } from '../../features/account/user-avatar';
import { LazyUserMenuItems, preloadTopBarMenus, useMenuAnchor } from './lazy-top-bar-menus';

/*
 * The parts of the shell only a signed-in user sees: the headings of the navigation's sections and
 * the line above its support block (an anonymous visitor's navigation is the support block alone),
 * and the user's name with the account menu in the top bar (2 KB gzip off the anonymous home route).
 * One chunk, fetched with the sign-in client for a user signed in at start
 * (bootstrap/sign-in-gate.tsx), so it renders at once for them.
 */

/** The heading of a navigation section. */
export function NavSectionHeading({ children }: { children: ReactNode }) {
  return (
    <ListSubheader disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
      {children}
    </ListSubheader>
  );
}

/** The line between the sections and the support block. */
export function NavSupportDivider() {
  return <Divider sx={{ my: 1 }} />;
}

/** The signed-in user's picture (initials without one) and name, opening a menu to sign out. */
export function UserMenuButton() {
  const { t } = useTranslation('auth');
  const auth = useSignInState();
  const { currentUser } = useAppConfiguration();
  const signOut = {
    redirect: useSignOut('redirect'),
    popup: useSignOut('popup'),
    silent: useSignOut('silent'),
  };
  const menu = useMenuAnchor();
  const avatarUrl = useMyProfile().data?.avatarUrl;
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
        // The picture is decoration: the name beside it says who it is.
        startIcon={
          <UserAvatar name={name} avatarUrl={avatarUrl} size={28} alt="" testId="user-menu-avatar" />
        }
        // The name starts with the visible user name: what a person sees is what they can ask for.
        aria-label={t('userMenu', { name })}
        aria-haspopup="menu"
        onPointerEnter={preloadTopBarMenus}
        onFocus={preloadTopBarMenus}
        onClick={(event) => menu.open(event.currentTarget)}
        sx={{ textTransform: 'none', maxWidth: 240 }}
      >
        <span
          data-testid="user-menu-name"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {name}
        </span>
      </Button>
      {menu.everOpened && (
        <LazyUserMenuItems
          anchorEl={menu.anchor}
          onClose={menu.close}
          signingOut={auth.activeNavigator !== undefined}
          onSignOut={(kind) => {
            menu.close();
            void signOut[kind]();
          }}
        />
      )}
    </>
  );
}
