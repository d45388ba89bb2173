import IconButton from '@mui/material/IconButton';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import { useTranslation } from 'react-i18next';
import { appStore, useAppState } from '../state/app-store';
import { LazyThemeMenu, preloadTopBarMenus, useMenuAnchor } from './lazy-top-bar-menus';

/** Only rendered when configuration enables theme switching. The store persists the choice. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const mode = useAppState((state) => state.theme);
  const menu = useMenuAnchor();

  return (
    <>
      <IconButton
        data-testid="theme-switcher"
        color="inherit"
        aria-label={t('shell.changeTheme')}
        aria-haspopup="menu"
        onPointerEnter={preloadTopBarMenus}
        onFocus={preloadTopBarMenus}
        onClick={(event) => menu.open(event.currentTarget)}
      >
        <Brightness4Icon />
      </IconButton>
      {menu.everOpened && (
        <LazyThemeMenu
          anchorEl={menu.anchor}
          onClose={menu.close}
          current={mode}
          onChoose={(option) => {
            menu.close();
            appStore.setState({ theme: option });
          }}
        />
      )}
    </>
  );
}
