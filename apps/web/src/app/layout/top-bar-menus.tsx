import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, type ThemeMode } from '@homeward/contracts';

/*
 * The top bar's menus: their own chunk, fetched when a menu button is first hovered, focused or
 * clicked (MUI's Menu brings Popover, Modal, focus trap and transitions: 13 KB gzip the home route
 * does not need before then, measured with `npm run bench:startup`). The buttons stay in the top
 * bar and keep their names.
 */

interface MenuProps {
  anchorEl: HTMLElement | null;
  onClose(): void;
}

export function LanguageMenu({
  anchorEl,
  onClose,
  options,
  current,
  onChoose,
}: MenuProps & {
  options: { cultureName: string; label: string }[];
  current: string;
  onChoose(cultureName: string): void;
}) {
  return (
    <Menu anchorEl={anchorEl} open={anchorEl !== null} onClose={onClose}>
      {options.map(({ cultureName, label }) => (
        <MenuItem
          key={cultureName}
          data-testid={`language-option-${cultureName}`}
          lang={cultureName}
          selected={cultureName === current}
          onClick={() => onChoose(cultureName)}
        >
          {label}
        </MenuItem>
      ))}
    </Menu>
  );
}

export function ThemeMenu({
  anchorEl,
  onClose,
  current,
  onChoose,
}: MenuProps & { current: ThemeMode; onChoose(mode: ThemeMode): void }) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchorEl} open={anchorEl !== null} onClose={onClose}>
      {THEME_MODES.map((option) => (
        <MenuItem
          key={option}
          data-testid={`theme-option-${option}`}
          selected={option === current}
          onClick={() => onChoose(option)}
        >
          <ListItemIcon>{option === current && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText>{t(`theme.${option}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

export function UserMenuItems({
  anchorEl,
  onClose,
  signingOut,
  onSignOut,
}: MenuProps & { signingOut: boolean; onSignOut(): void }) {
  const { t } = useTranslation('auth');
  return (
    <Menu anchorEl={anchorEl} open={anchorEl !== null} onClose={onClose}>
      <MenuItem data-testid="sign-out" disabled={signingOut} onClick={onSignOut}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('signOut')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
