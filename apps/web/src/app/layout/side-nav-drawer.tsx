import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { useTranslation } from 'react-i18next';
import { SIDE_NAV_WIDTH } from './side-nav-width';

/**
 * The navigation as a temporary drawer, below the md breakpoint. Its own chunk, fetched when the
 * menu button is first reached for. Drawer brings Modal, focus trap, backdrop and slide (9 KB gzip,
 * measured with `npm run bench:startup`), none of which the first render needs: on a phone the
 * drawer is closed, and on a wide screen the navigation is docked (side-nav.tsx).
 */
export function SideNavDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // It mounts already open on the first click: slide in as it would from closed.
      // The drawer is a dialog: it is named after the navigation it holds.
      slotProps={{ transition: { appear: true }, paper: { 'aria-label': t('nav.label') } }}
      sx={{ '& .MuiDrawer-paper': { width: SIDE_NAV_WIDTH, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
