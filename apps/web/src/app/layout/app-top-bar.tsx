import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useTranslation } from 'react-i18next';
import { useAppConfiguration } from '../configuration/get-app-configuration';
import { appStore, useAppState } from '../state/app-store';
import { LanguageSwitcher } from './language-switcher';
import { TenantFilter } from './tenant-filter';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

export function AppTopBar() {
  const { t } = useTranslation();
  const { settings } = useAppConfiguration();
  const menuOpen = useAppState((state) => state.menuOpen);

  return (
    <AppBar
      position="fixed"
      color="primary"
      enableColorOnDark
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}
    >
      <Toolbar>
        <IconButton
          data-testid="menu-button"
          color="inherit"
          edge="start"
          aria-label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          onClick={() => appStore.setState({ menuOpen: !menuOpen })}
          sx={{ mr: 1, display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          variant="h6"
          data-testid="brand"
          sx={{ fontWeight: 700, letterSpacing: 0.5 }}
        >
          {t('app.name')}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <TenantFilter />
        <LanguageSwitcher />
        {settings.themeSwitchingEnabled && <ThemeSwitcher />}
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
