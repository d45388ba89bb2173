import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SyncIcon from '@mui/icons-material/Sync';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, type ThemeMode } from '@homeward/contracts';
import type { SignOutKind } from '../auth/use-sign-in-actions';

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

/** Sign out at the provider's page (the usual way), in a popup window, or quietly in a hidden frame. */
export function UserMenuItems({
  anchorEl,
  onClose,
  signingOut,
  onSignOut,
}: MenuProps & { signingOut: boolean; onSignOut(kind: SignOutKind): void }) {
  const { t } = useTranslation('auth');
  const items = [
    { kind: 'redirect', label: t('signOut'), icon: <LogoutIcon fontSize="small" />, testId: 'sign-out' },
    {
      kind: 'popup',
      label: t('signOutPopup'),
      icon: <OpenInNewIcon fontSize="small" />,
      testId: 'sign-out-popup',
    },
    {
      kind: 'silent',
      label: t('signOutSilent'),
      icon: <SyncIcon fontSize="small" />,
      testId: 'sign-out-silent',
    },
  ] as const;
  return (
    <Menu anchorEl={anchorEl} open={anchorEl !== null} onClose={onClose}>
      {items.map((item) => (
        <MenuItem
          key={item.kind}
          data-testid={item.testId}
          disabled={signingOut}
          onClick={() => onSignOut(item.kind)}
        >
          <ListItemIcon>{item.icon}</ListItemIcon>
          <ListItemText>{item.label}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
