import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Brightness4Icon from '@mui/icons-material/Brightness4';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { THEME_MODES } from '@homeward/contracts';
import { appStore, useAppState } from '../state/app-store';

/** Only rendered when configuration enables theme switching. The store persists the choice. */
export function ThemeSwitcher() {
  const { t } = useTranslation();
  const mode = useAppState((state) => state.theme);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <>
      <IconButton
        data-testid="theme-switcher"
        color="inherit"
        aria-label={t('shell.changeTheme')}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Brightness4Icon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {THEME_MODES.map((option) => (
          <MenuItem
            key={option}
            data-testid={`theme-option-${option}`}
            selected={option === mode}
            onClick={() => {
              setAnchor(null);
              appStore.setState({ theme: option });
            }}
          >
            <ListItemIcon>{option === mode && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`theme.${option}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
